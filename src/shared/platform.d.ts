// The only globals shared code may use beyond ECMAScript: what Node 20 and every supported browser both provide.
// (Node's and the DOM's own declarations stay out of src/shared; see src/shared/tsconfig.json.)
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare function btoa(data: string): string;
/** Query strings (the endpoint contract's URLs, src/shared/contract/endpoint.ts). */
declare class URLSearchParams {
  constructor(init?: string | Record<string, string>);
  set(name: string, value: string): void;
  toString(): string;
}
