/**
 * The service worker (ADR 050): after one visit, the public pages a person saw, their data and photos, and the app
 * itself come from the device when there is no signal; a page never seen shows the offline page with the device's
 * favourites. Nothing an account sees is kept: only public pages and public API answers are routed to a cache, and
 * only answers the server marked `public` are stored (every answer to a signed-in request is `private`).
 * Built by scripts/build-sw.ts, which writes the precache list (the public pages' scripts, styles, fonts, the icon
 * sprite and the offline page) in place of `self.__WB_MANIFEST`.
 */
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  endsSession,
  isImage,
  isPublicApi,
  isPublicPage,
  isStorableAnswer,
  KEEP_PAGE,
  OFFLINE_CACHES,
  OFFLINE_PAGE,
  SKIP_WAITING,
} from '#shared/offline';

declare const self: ServiceWorkerGlobalScope;

/** Signing out (or deleting the account) empties what was kept as pages were used; the app's files stay. */
self.addEventListener('fetch', (event) => {
  if (endsSession(event.request.method, new URL(event.request.url).pathname))
    event.waitUntil(Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name))));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Stores only what the server marked public (a missing or private Cache-Control is never stored). */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    isStorableAnswer(response.status, response.headers.get('cache-control')) ? response : null,
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * A business page is kept under its canonical address (`/comercio/12-panaderia-la-espiga`); offline, a link by id
 * alone (the offline page's favourites) or with an older name finds it by its id.
 */
const sameBusiness: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => {
    if (cachedResponse) return cachedResponse;
    const id = /^\/comercio\/(\d+)(?:-|$)/.exec(new URL(request.url).pathname)?.[1];
    if (!id) return null;
    const cache = await caches.open(cacheName);
    const key = (await cache.keys()).find((k) => new RegExp(`^/comercio/${id}(?:-|$)`).test(new URL(k.url).pathname));
    return (key && (await cache.match(key))) ?? null;
  },
};

const pages = new NetworkFirst({
  cacheName: OFFLINE_CACHES.pages,
  plugins: [publicOnly, sameBusiness, new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
});

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isPublicPage(url.pathname),
  pages,
);
// Any other page (an owner's, the console, Mi cuenta) goes to the network only; offline, the catch handler below.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

registerRoute(
  ({ request, url }) => request.method === 'GET' && sameOrigin(url) && isPublicApi(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

// Photos are content-addressed: a stored one is always right. The cap keeps a long browse from filling the phone.
registerRoute(
  ({ url }) => sameOrigin(url) && isImage(url.pathname),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.images,
    plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

// The build's other files (an owner's views, the map) are content-addressed too: kept once loaded.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.assets,
    plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (data === SKIP_WAITING) {
    void self.skipWaiting();
    return;
  }
  // The page a person landed on came before this worker, and a view opened inside the app is not a page
  // request: the page names it, and it is fetched and kept like any visited page (if public).
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === KEEP_PAGE) {
    const href = (data as { url?: unknown }).url;
    if (typeof href !== 'string') return;
    const url = new URL(href, self.location.origin);
    if (!sameOrigin(url) || !isPublicPage(url.pathname)) return;
    url.hash = '';
    const request = new Request(url.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    event.waitUntil(pages.handle({ event, request }).catch(() => undefined));
  }
});

// The first version takes the open pages at once (there is nothing older to keep consistent with); a later one
// waits until the page's "Actualizar" (SKIP_WAITING) or until every tab of the older one is closed. Kept pages
// and answers are dropped then: they name the older version's files (gone with its precache) and were read by it.
self.addEventListener('activate', (event) =>
  event.waitUntil(
    Promise.all([caches.delete(OFFLINE_CACHES.pages), caches.delete(OFFLINE_CACHES.api)]).then(() =>
      self.clients.claim(),
    ),
  ),
);
