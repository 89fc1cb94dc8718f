import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers that mean something on any answer; the rest (CSP, framing, opener…) only on HTML documents. */
const EVERY_ANSWER = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/** Helmet's headers for these options, computed once (helmet itself builds them per request). */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader: (name: string, value: string | number | string[]) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => undefined);
  return headers;
}

/**
 * Security headers: the few that apply to every answer go everywhere; the content security policy and the
 * other document-only headers go on HTML answers only, so JSON, images and scripts stay lean.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const all = helmetHeaders(options);
  const common = all.filter(([name]) => EVERY_ANSWER.has(name));
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of common) reply.header(name, value);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html'))
      for (const [name, value] of all) reply.header(name, value);
    done(null, payload);
  });
}
