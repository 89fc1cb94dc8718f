/**
 * What the service worker may keep for offline use (ADR 050): the rules the worker (src/sw/sw.ts), the page and
 * the server's headers must agree on.
 */

/** The caches the worker fills as pages are used (the build's own files are in Workbox's precache). */
export const OFFLINE_CACHES = {
  pages: 'vidriera-paginas',
  api: 'vidriera-api',
  images: 'vidriera-imagenes',
  assets: 'vidriera-archivos',
} as const;

/** The page shown for a page never visited while there is no connection (precached). */
export const OFFLINE_PAGE = '/offline.html';

/** The worker's message that activates a waiting version (the page's "Actualizar"). */
export const SKIP_WAITING = 'vidriera:actualizar';

/** The page's message asking the worker to keep a public page it shows (one not fetched through the worker). */
export const KEEP_PAGE = 'vidriera:guardar-pagina';

/**
 * The public pages: the same for everyone, kept network-first. Anything else (Mis comercios, Registrar, Mi cuenta,
 * a business's edit form, the operator console) is never kept.
 */
export function isPublicPage(pathname: string): boolean {
  return pathname === '/' || pathname === '/promociones' || /^\/comercio\/\d+(?:-[^/]*)?$/.test(pathname);
}

/**
 * The public API answers (lists, a business, its opinions, categories, favourites by id), kept network-first.
 * An owner's, an operator's or an account's endpoint never matches, whatever its answer says.
 */
export function isPublicApi(pathname: string): boolean {
  return /^\/api\/(?:comercios(?:\/mapa|\/categorias|\/\d+(?:\/opiniones)?)?|promociones(?:\/destacadas|\/categorias)?|favoritos)$/.test(
    pathname,
  );
}

/** The businesses' photos (content-addressed WebP files), kept cache-first up to a count. */
export function isImage(pathname: string): boolean {
  return /^\/api\/imagenes\/[^/]+\/[^/]+\.webp$/.test(pathname);
}

/**
 * Whether an answer may be stored: a complete 200 that the server marked `public`. The server marks every page and
 * API answer to a request that carried the session cookie `private` (the worker cannot see an HttpOnly cookie), and
 * every account answer `private, no-store`; an answer without a Cache-Control header is not kept either.
 */
export function isStorableAnswer(status: number, cacheControl: string | null): boolean {
  const directives = (cacheControl ?? '').toLowerCase();
  return status === 200 && /\bpublic\b/.test(directives) && !/\b(?:private|no-store)\b/.test(directives);
}

/**
 * The requests that end a session on this device (signing out, deleting the account): the worker empties its
 * caches when it sees one pass, so the page carries no code for it.
 */
export function endsSession(method: string, pathname: string): boolean {
  return method === 'POST' && (pathname === '/api/auth/sign-out' || pathname === '/api/cuenta/eliminar');
}
