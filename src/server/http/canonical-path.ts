import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

export const INVALID_PATH_MESSAGE = 'La dirección solicitada no es válida.';

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
    if (!isCanonicalPath(request.raw.url ?? '')) {
      return reply
        .status(400)
        .header('cache-control', 'no-store')
        .send(errorBody('invalid_path', INVALID_PATH_MESSAGE));
    }
  });
}
