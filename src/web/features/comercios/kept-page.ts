import { OFFLINE_CACHES } from '#shared/offline';

/** A reload that found nothing better is not tried again for this long (no loop if the worker cannot serve it). */
const RETRY_AFTER_MS = 30_000;
const MARK = 'vidriera:pagina-guardada';

/**
 * Offline, a business page opened earlier by its address is kept by the service worker as a page (ADR 050), but a
 * tap on its card asks for its data, which was never fetched: the view had nothing to show (found in a
 * stranger's round). When the worker holds that page, reloading the address shows it from there.
 */
export async function showKeptDetalle(id: number): Promise<void> {
  if (!('caches' in window) || !navigator.serviceWorker?.controller) return;
  const last = Number(sessionStorage.getItem(MARK) ?? 0);
  if (Date.now() - last < RETRY_AFTER_MS) return;
  if (!(await caches.has(OFFLINE_CACHES.pages))) return;
  const cache = await caches.open(OFFLINE_CACHES.pages);
  const page = new RegExp(`^/comercio/${id}(?:-|$)`);
  const kept = (await cache.keys()).some((request) => page.test(new URL(request.url).pathname));
  if (!kept) return;
  sessionStorage.setItem(MARK, String(Date.now()));
  window.location.reload();
}
