import type { z } from 'zod';

/**
 * One HTTP endpoint as both sides see it: method, path (with `:params`), the shared zod schemas of what it takes,
 * and the type of what it answers. The server registers its route from it (src/server/http/route.ts), the web
 * client builds its URL and types from it (src/web/lib/api.ts), component tests answer it (test/web/msw.ts): a path
 * or a field renamed here fails the type check everywhere it is used. How to add one: ADR 012 (docs/decisions).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The body of an upload: the file's raw bytes (the server judges the content, never a declared type). */
export const bytesBody = { kind: 'bytes' } as const;
export type BytesBody = typeof bytesBody;

declare const responseType: unique symbol;
/** The answer's type, carried by the contract only (responses are not validated or re-serialised at runtime). */
export interface Returns<T> {
  readonly [responseType]?: T;
}

export interface EndpointDef {
  readonly method: Method;
  readonly path: string;
  /** Needs a signed-in user: the server answers 401 before reading anything else. */
  readonly auth?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | BytesBody;
}

export type Endpoint<Res = unknown> = EndpointDef & { readonly response: Returns<Res> };

/**
 * `endpoint<ResponseType>()({ method, path, ... })`: the response type is named, the rest is inferred as written
 * (the path stays a literal type, so its `:params` are known to the compiler).
 */
export const endpoint =
  <Res>() =>
  <const D extends EndpointDef>(def: D & ParamsMatchPath<D>): D & { readonly response: Returns<Res> } => ({
    ...def,
    response: {},
  });

/** "/api/comercios/:id/editar" → "id". */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A params schema reads exactly the path's `:params` (renaming one in the path alone fails here). */
type ParamsMatchPath<D extends EndpointDef> = D['params'] extends z.ZodType
  ? [keyof z.output<D['params']>] extends [PathParamNames<D['path']>]
    ? [PathParamNames<D['path']>] extends [keyof z.output<D['params']>]
      ? unknown
      : { params: never }
    : { params: never }
  : unknown;

export type ResponseOf<E extends Endpoint> = E['response'] extends Returns<infer T> ? T : never;

/** What a caller puts in the path: every `:param` of it. */
export type PathParams<E extends EndpointDef> = { [K in PathParamNames<E['path']>]: string | number };

/** What a caller may put in the query string: the schema's fields; empty ones ('' or null) are left out of the URL. */
export type QueryInput<E extends EndpointDef> = E['query'] extends z.ZodType
  ? { [K in keyof z.output<E['query']>]?: z.output<E['query']>[K] | '' | null }
  : never;

/** What a caller sends as the body: the schema's input (defaults may be left out), or a file's bytes. */
export type BodyInput<E extends EndpointDef> = E['body'] extends BytesBody
  ? Blob
  : E['body'] extends z.ZodType
    ? z.input<E['body']>
    : never;

/** What the server reads after validation. */
export type ParamsOutput<E extends EndpointDef> = E['params'] extends z.ZodType
  ? z.output<E['params']>
  : { [K in PathParamNames<E['path']>]: string };
export type QueryOutput<E extends EndpointDef> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : Record<string, string | undefined>;
export type BodyOutput<E extends EndpointDef> = E['body'] extends z.ZodType ? z.output<E['body']> : unknown;

type ParamsPart<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> };
type QueryPart<E extends EndpointDef> = E['query'] extends z.ZodType
  ? { query?: QueryInput<E> }
  : { query?: undefined };
/** The parts of an endpoint's URL: every `:param` of its path (required), and its query fields (optional). */
export type UrlParts<E extends EndpointDef> = ParamsPart<E> & QueryPart<E>;
/** The parts are optional only when the path has no `:params`. */
export type UrlArgs<E extends EndpointDef> = object extends UrlParts<E> ? [parts?: UrlParts<E>] : [parts: UrlParts<E>];

/** The URL of an endpoint: `:params` filled in (encoded), then the query in the order given, empty values left out. */
export function endpointUrl<E extends EndpointDef>(e: E, ...args: UrlArgs<E>): string {
  // Query schemas hold scalars (text, numbers, enums), which is what a URL can carry.
  const parts = (args[0] ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | null | undefined>;
  };
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = parts.params?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${e.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
