import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createLogger } from '#server/logger';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import type { FastifyInstance } from 'fastify';
import { acceptedEncodings } from './static-files';

describe('Accept-Encoding', () => {
  it('reads the codings a browser allows, q=0 refusing one and * standing for the rest', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'deflate', 'gzip', 'zstd']);
    expect([...acceptedEncodings('gzip;q=1.0, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*;q=0.5, gzip;q=0')]).toEqual(['br']);
    expect([...acceptedEncodings('BR , Gzip;q=0.8')].sort()).toEqual(['br', 'gzip']);
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings('identity').has('br')).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('the web app files, from memory, on %s', (kind) => {
  const ctx = useTestApp(kind);
  let app: FastifyInstance;
  let dir = '';
  const script = `console.log(${JSON.stringify('vidriera '.repeat(400))});`;
  const icon =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">\n  <rect width="8" height="8" fill="#b4461d"/>\n</svg>\n';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-static-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /></head><body></body></html>',
    );
    await writeFile(path.join(dir, 'favicon.svg'), icon);
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(
      path.join(dir, 'offline.html'),
      '<!doctype html><html lang="es-AR"><title>Sin conexión</title></html>',
    );
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), script);
    await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    // Below the build's 1 kB threshold: no copies.
    await writeFile(path.join(dir, 'assets', 'tiny-abc123.js'), 'export const a = 1;');
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), '{}');
    app = await buildApp(ctx.t.deps, { webDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends the copy the browser takes, with immutable caching and Vary, and the plain file to one that takes none', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(script).length);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // Each encoding is its own entity (different bytes), the same content.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('never compresses per request: a file without copies goes as it is, whatever the browser accepts', async () => {
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['vary']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;');
  });

  it('answers a revalidation with 304, and HEAD with the headers only', async () => {
    const first = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': `W/${String(first.headers.etag)}`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('keeps headers small: no page-only headers on files', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const bytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    expect(bytes).toBeLessThan(400);
  });

  it('logs no request lines for files and images at the info level (API requests still are)', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', stream: { write: (line) => void lines.push(line) } });
    const logged = await buildApp(ctx.t.deps, { webDir: dir, logger });
    try {
      for (const url of ['/assets/app-abc123.js', '/favicon.svg', `/api/imagenes/${'0'.repeat(32)}/thumb.webp`])
        await logged.inject({ method: 'GET', url });
      expect(lines.filter((l) => l.includes('"msg":"incoming request"'))).toEqual([]);
      await logged.inject({ method: 'GET', url: '/api/comercios/categorias' });
      expect(lines.filter((l) => l.includes('"msg":"incoming request"'))).toHaveLength(1);
      expect(lines.join('\n')).toContain('/api/comercios/categorias');
    } finally {
      await logged.close();
    }
  });

  it('writes the icon into the page, still serves it by name, and never serves the shell, the copies or dot files as files', async () => {
    const page = await get('/');
    expect(page.body).toContain(
      `href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E %3Crect width='8' height='8' fill='%23b4461d'/%3E %3C/svg%3E"`,
    );
    expect(page.body).not.toContain('href="/favicon.svg"');
    const file = await get('/favicon.svg');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    for (const url of ['/index.html', '/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/.vite/manifest.json'])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('serves the service worker at the root with no-cache (a new version is found on the next visit), and the offline page as a page under the CSP', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // Its scope is the whole site without a Service-Worker-Allowed header: it is served from the root.
    expect(sw.headers['service-worker-allowed']).toBeUndefined();
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(offline.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
