/** The service worker (ADR 050) as the offline specs look at it: ready, in control, and what Cache Storage holds. */
import { expect, type Page } from '@playwright/test';
import { OFFLINE_CACHES } from '#shared/offline';

export const OFFLINE_HEADING = 'Sin conexión';
export const OFFLINE_BANNER = /^Sin conexión\. Lo que ya cargaste sigue a la vista/;

/** Waits until the page's service worker is active and controls the page (it registers after load, when idle). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Whether the worker's page cache holds this path (a business page also under its canonical, slugged path). */
export async function pageKept(page: Page, pathPrefix: string): Promise<boolean> {
  return page.evaluate(
    async ([prefix, name]) => {
      const cache = await caches.open(name);
      return (await cache.keys()).some((r) => {
        const path = new URL(r.url).pathname;
        return prefix === '/' ? path === '/' : path.startsWith(prefix);
      });
    },
    [pathPrefix, OFFLINE_CACHES.pages] as const,
  );
}

export interface StoredEntry {
  cache: string;
  url: string;
  cacheControl: string | null;
  text: string;
}

/** Every entry of every cache the origin holds, with its body as text (images and fonts read as bytes). */
export async function cacheStorage(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(async () => {
    const entries: StoredEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name,
          url: request.url,
          cacheControl: response?.headers.get('cache-control') ?? null,
          text: response ? await response.text() : '',
        });
      }
    }
    return entries;
  });
}
