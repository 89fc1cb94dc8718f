// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeDeviceFavoritos } from '#web/lib/favoritos';

/** The offline page as the service worker serves it (public/offline.html), its script run on it. */
async function openOfflinePage(): Promise<typeof import('./offline-page')> {
  const html = readFileSync(path.join(import.meta.dirname, '../public/offline.html'), 'utf8');
  document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html[^>]*>/i, '').replace(/<\/html>\s*$/, '');
  vi.resetModules();
  return import('./offline-page');
}

describe('the offline page (ADR 050)', () => {
  // The page's own tries run on these timers: each test's copy of the page is dropped with them.
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the favourites the app saved on the device: businesses as links by id, promotions by name', async () => {
    writeDeviceFavoritos([
      { kind: 'comercio', id: 12, nombre: 'Panadería La Espiga de Oro' },
      { kind: 'promocion', id: 3, nombre: '2x1 en facturas' },
      { kind: 'comercio', id: 4, nombre: 'Ferretería El Tornillo' },
    ]);
    await openOfflinePage();
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#favoritos a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Panadería La Espiga de Oro', '/comercio/12'],
      ['Ferretería El Tornillo', '/comercio/4'],
    ]);
    expect(document.querySelector('#favoritos')!.textContent).toContain('2x1 en facturas');
    expect(document.querySelectorAll('#favoritos h3')).toHaveLength(2);
  });

  it('says why it stands in: an account page is never kept, Favoritos is drawn from the server, a public page was not opened', async () => {
    const { whyOffline } = await openOfflinePage();
    for (const path of ['/mis-comercios', '/registrar', '/comercio/37/editar', '/mi-cuenta', '/operador'])
      expect(whyOffline(path), path).toMatch(/^Las páginas de tu cuenta .* no se guardan en el teléfono/);
    expect(whyOffline('/favoritos')).toMatch(/^Sin conexión no podemos traer tus favoritos al día/);
    // The page's own words ("todavía no la abriste") stay for a public page.
    for (const path of ['/', '/promociones', '/comercio/37-kiosco', '/no-existe'])
      expect(whyOffline(path), path).toBeNull();
  });

  it('says there are none when nothing (or nothing readable) is saved', async () => {
    localStorage.setItem('vidriera.favoritos', '{no es json');
    await openOfflinePage();
    expect(document.querySelector('#favoritos')!.textContent).toContain(
      'Todavía no guardaste favoritos en este teléfono.',
    );
    expect(document.querySelectorAll('#favoritos a')).toHaveLength(0);
  });

  describe('back online', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get');
    afterEach(() => {
      onLine.mockReset();
      vi.unstubAllGlobals();
    });

    it('loads the page asked for once the server answers', async () => {
      const page = await openOfflinePage();
      onLine.mockReturnValue(true);
      const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
      vi.stubGlobal('fetch', fetch);
      const reload = vi.fn();
      await expect(page.reloadWhenReachable(reload)).resolves.toBe(true);
      expect(fetch).toHaveBeenCalledWith('/api/ping', { cache: 'no-store' });
      expect(reload).toHaveBeenCalledOnce();
    });

    it('stays when the server cannot be reached, or answers with an error, or the device says it is offline', async () => {
      const page = await openOfflinePage();
      const reload = vi.fn();
      onLine.mockReturnValue(true);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      await expect(page.reloadWhenReachable(reload)).resolves.toBe(false);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('', { status: 503 })),
      );
      await expect(page.reloadWhenReachable(reload)).resolves.toBe(false);
      onLine.mockReturnValue(false);
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      await expect(page.reloadWhenReachable(reload)).resolves.toBe(false);
      expect(fetch).not.toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
    });

    it('keeps trying by itself, less and less often, until the server answers: no "online" event is needed', async () => {
      const page = await openOfflinePage();
      onLine.mockReturnValue(true);
      const fetch = vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
      vi.stubGlobal('fetch', fetch);
      const reload = vi.fn();
      page.retryUntilReachable(2_000, reload);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(fetch).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(8_000);
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(reload).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetch).toHaveBeenCalledTimes(3);
    });

    it('offline, its tries ask nothing of the network', async () => {
      const page = await openOfflinePage();
      onLine.mockReturnValue(false);
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      page.retryUntilReachable(2_000, vi.fn());
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetch).not.toHaveBeenCalled();
    });

    it('never reloads a page being left (Chromium fires "online" at it while the next address loads)', async () => {
      const page = await openOfflinePage();
      onLine.mockReturnValue(true);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{"ok":true}', { status: 200 })),
      );
      const reload = vi.fn();
      window.dispatchEvent(new Event('pagehide'));
      await expect(page.reloadWhenReachable(reload)).resolves.toBe(false);
      window.dispatchEvent(new Event('pageshow'));
      await expect(page.reloadWhenReachable(reload)).resolves.toBe(true);
    });
  });
});
