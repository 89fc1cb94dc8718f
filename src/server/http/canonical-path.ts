import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

export const INVALID_PATH_MESSAGE = 'La dirección solicitada no es válida.';

/**
 * What a person sees after typing or following a broken address (`/%`, `/a/../b`): a page in the app's colours
 * with a way back, not a line of JSON. Its own few styles: the app's stylesheet has a hashed name.
 */
const INVALID_PATH_PAGE = `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dirección no válida · Vidriera</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg">
<style>body{margin:0;background:#f8f2ea;color:#2b211b;font:16px/1.5 system-ui,sans-serif}main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#933819;font-weight:700}</style>
</head><body><main><h1>${INVALID_PATH_MESSAGE}</h1><p>Revisá el enlace o <a href="/">volvé al inicio</a>.</p></main></body></html>`;

/** A page request (a browser's GET outside the API) gets the page above; anything else, the API's JSON. */
export function sendInvalidPath(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.status(400).header('cache-control', 'no-store');
  const url = request.raw.url ?? '';
  const page =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !url.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html');
  return page
    ? reply.type('text/html; charset=utf-8').send(INVALID_PATH_PAGE)
    : reply.send(errorBody('invalid_path', INVALID_PATH_MESSAGE));
}

/**
 * Percent-encodings a canonical URL never contains: unreserved characters (letters, digits, - . _ ~, which
 * RFC 3986 says must be sent as they are), the separators / and \, and control characters. A browser never
 * sends them; a client that does is trying to make a path look different to us than to a router.
 */
const NON_CANONICAL_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e|[01][0-9a-f]|7f)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;

/**
 * Whether the path of a raw request target (what the client sent, before any decoding) is canonical: it
 * starts with "/", has no "." or ".." segments, no empty segments ("//"), no backslash, and no encoded
 * form of a character that should have been sent as is. Anything else could route one way here and
 * another way in a library (Better Auth normalises paths itself), so it is refused before routing.
 */
export function isCanonicalPath(rawUrl: string): boolean {
  const q = rawUrl.indexOf('?');
  const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (!pathname.startsWith('/')) return false;
  if (pathname.includes('\\') || MALFORMED_ESCAPE.test(pathname) || NON_CANONICAL_ESCAPE.test(pathname)) return false;
  const segments = pathname.split('/').slice(1);
  return segments.every((s, i) => s !== '.' && s !== '..' && (s !== '' || i === segments.length - 1));
}

/** Refuses non-canonical paths for the whole app (API, SPA and static files) before any handler runs. */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCanonicalPath(request.raw.url ?? '')) return sendInvalidPath(request, reply);
  });
}
