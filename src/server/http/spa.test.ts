import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES, routePath, type RouteName } from '#shared/routes';
import { buildApp } from '#server/app';
import { createTestApp, signUp, useTestApp, type TestApp } from '#test/server/app';
import { useTestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import type { FastifyInstance } from 'fastify';

describe('the SPA pages', () => {
  const ctx = useTestApp();
  let app: FastifyInstance;
  let dir = '';
  let id = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-spa-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Vidriera</title></head><body><div id="root"></div></body></html>',
    );
    await mkdir(path.join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('vidriera '.repeat(400))});`;
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), script);
    await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), '{}');
    id = await insertComercio(ctx.database.db, new Date(), { nombre: 'Con foto', imagen: 'a'.repeat(32) });
    app = await buildApp(ctx.t.deps, { webDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the app for its own paths, with preload hints for the data the view needs', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    expect(home.body).toContain('<link rel="preload" href="/api/comercios?page=1" as="fetch" crossorigin="anonymous">');
    expect(home.body).toContain(
      `<link rel="preload" href="/api/imagenes/${'a'.repeat(32)}/thumb.webp" as="image" fetchpriority="high">`,
    );
    const search = await app.inject({ method: 'GET', url: '/?q=caf%C3%A9&localidad=Capital' });
    expect(search.body).toContain('href="/api/comercios?q=caf%C3%A9&amp;localidad=Capital&amp;page=1"');
    expect(search.body).not.toContain('/api/promociones/destacadas');
    const filtered = await app.inject({ method: 'GET', url: '/?categoria=Caf%C3%A9&localidad=Godoy+Cruz' });
    expect(filtered.body).toContain('href="/api/promociones/destacadas?categoria=Caf%C3%A9&amp;localidad=Godoy+Cruz"');
    const detail = await app.inject({ method: 'GET', url: `/comercio/${id}` });
    expect(detail.body).toContain(`href="/api/comercios/${id}"`);
    // The slugged URL is the same page (without the server entry, the shell answers it).
    const slugged = await app.inject({ method: 'GET', url: `/comercio/${id}-con-foto` });
    expect(slugged.statusCode).toBe(200);
    expect(slugged.body).toContain(`href="/api/comercios/${id}"`);
    expect((await app.inject({ method: 'GET', url: '/comercio/999999-no-existe' })).statusCode).toBe(404);
    expect(detail.body).toContain('/large.webp');
  });

  it('answers every route of the table with the app and anything else with 404 (ADR 051)', async () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const url = routePath(name, { id, slug: 'con-foto', seccion: 'pagos' });
      // A guest: the owner pages are the app (it opens the login dialog); the console is not found for them.
      const expected = ROUTES[name].access === 'operator' ? 404 : 200;
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(expected);
    }
    for (const url of ['/otra-cosa', '/comercio/0', '/comercio/abc', '/operador/nada', '/mis-comercios/comprobante/x'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('sends the content security policy and other page-only headers with pages only', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'])
      expect(home.headers[name], name).toBeDefined();
    const json = await app.inject({ method: 'GET', url: '/api/comercios' });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    for (const res of [json, asset]) {
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends the brotli copy written at build time, as it is', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('vidriera vidriera');
  });

  it('answers unknown pages with 404 (the app shows its not-found view) and hidden businesses without hints', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/no-existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
    const hidden = await app.inject({ method: 'GET', url: '/comercio/999999' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('<div id="root">');
    expect(hidden.body).not.toContain('preload');
    // The build's manifest (read by the server for its preloads) is not one of the site's files.
    const manifest = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toBe('{}');
    const api = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'No encontramos lo que buscás.' } });
  });

  it('tells every page which payments provider runs, so the sandbox banner shows from the first paint', async () => {
    for (const url of ['/', '/mis-comercios', '/no-existe']) {
      expect((await app.inject({ method: 'GET', url })).body).toContain(
        '<meta name="vidriera-payments" content="sandbox">',
      );
    }
  });

  it('answers an unpublished business page with 404 to everyone but its owner', async () => {
    const owner = await signUp(ctx.t.app, 'duenia-spa@example.com');
    const stranger = await signUp(ctx.t.app, 'otra-spa@example.com');
    const unpublished = await insertComercio(ctx.database.db, new Date(), {
      nombre: 'Sin pagar',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    const page = (cookie?: string) =>
      app.inject({ method: 'GET', url: `/comercio/${unpublished}`, headers: cookie ? { cookie } : {} });
    expect((await page()).statusCode).toBe(404);
    expect((await page(stranger.cookie)).statusCode).toBe(404);
    const own = await page(owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<div id="root">');
  });
});

describe('the SPA pages of an address whose miss budget is spent (ADR 048)', () => {
  const ctx = useTestDatabase();
  let t: TestApp;
  let app: FastifyInstance;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-spa-budget-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    // One miss per 10 s (a sixth of the minute's budget).
    t = await createTestApp(ctx.database, {
      env: { PUBLIC_CACHE_TTL_MS: '300000', PUBLIC_MISS_LIMIT_PER_MINUTE: '6' },
    });
    app = await buildApp(t.deps, { webDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    await t?.app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('still get the page, without hints, and a search nobody asked before costs the database nothing', async () => {
    const first = await app.inject({ method: 'GET', url: '/?q=uno' });
    expect(first.body).toContain('href="/api/comercios?q=uno&amp;page=1"');
    const execute = vi.spyOn(t.deps.db, 'execute');
    const select = vi.spyOn(t.deps.db, 'select');
    try {
      for (const url of ['/?q=otra%20palabra', '/comercio/999999']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).not.toContain('preload');
      }
      expect(execute).not.toHaveBeenCalled();
      expect(select).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
      select.mockRestore();
    }
  });
});
