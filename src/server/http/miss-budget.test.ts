import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/server/app';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { TOO_MANY_MISSES } from './miss-budget';

const NGINX = '127.0.0.1';
const from = (address: string) => ({ remoteAddress: NGINX, headers: { 'x-forwarded-for': address } });
const VISITOR = '203.0.113.7';
const NEIGHBOUR = '198.51.100.20';

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'too_many_misses', message: TOO_MANY_MISSES } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(10);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe.each(DATABASE_KINDS)('the per-address budget of cache misses (%s)', (kind) => {
  const ctx = useTestDatabase(kind);
  let t: TestApp;
  let off: TestApp;
  let comercio = 0;
  beforeAll(async () => {
    comercio = await insertComercio(ctx.database.db, new Date(), { nombre: 'Panadería del Presupuesto' });
    // Three misses per 10 s (a sixth of the minute's budget).
    const env = { TRUST_PROXY: NGINX, PUBLIC_MISS_LIMIT_PER_MINUTE: '18' };
    t = await createTestApp(ctx.database, { env: { ...env, PUBLIC_CACHE_TTL_MS: '300000' } });
    off = await createTestApp(ctx.database, { env: { ...env, PUBLIC_CACHE_TTL_MS: '0' } });
  });
  afterAll(async () => {
    await t?.app.close();
    await off?.app.close();
  });
  const get = (app: TestApp, url: string, address: string) => app.app.inject({ url, ...from(address) });

  // Spends an address's budget with searches nobody asked before; each check follows its own spending at once,
  // well within the budget's 10-s window.
  let words = 0;
  const spend = async (address: string) => {
    for (let k = 0; k < 3; k++)
      expect((await get(t, `/api/comercios?q=palabra${words++}`, address)).statusCode).toBe(200);
  };

  it('refuses an address its misses past the budget, in Spanish with Retry-After, and still serves it the cache', async () => {
    await get(t, '/api/comercios?q=pan', NEIGHBOUR); // now cached
    const refused = [
      '/api/comercios?q=facturas',
      '/api/comercios?page=2',
      '/api/comercios/999999',
      '/api/promociones?page=3',
      '/api/comercios?lat=-32.925&lng=-68.844',
      '/api/sugerencias?q=pana',
      '/api/comercios/mapa?q=medialunas',
    ];
    for (const [k, url] of refused.entries()) {
      const address = `203.0.113.${10 + k}`;
      await spend(address);
      expectRefused(await get(t, url, address));
      // What the cache holds is still everyone's, the spent address's included.
      const cached = await get(t, '/api/comercios?q=pan', address);
      expect(cached.statusCode).toBe(200);
      expect(cached.json<{ items: Array<{ id: number }> }>().items.map((c) => c.id)).toContain(comercio);
    }

    // Another address has its own budget; what it computes is then cached for a spent one too.
    await spend(VISITOR);
    expectRefused(await get(t, `/api/comercios/${comercio}`, VISITOR));
    expect((await get(t, `/api/comercios/${comercio}`, NEIGHBOUR)).statusCode).toBe(200);
    expect((await get(t, `/api/comercios/${comercio}`, VISITOR)).statusCode).toBe(200);
  });

  it('a refused search costs the database nothing: its words are folded only for an admitted miss', async () => {
    const address = '203.0.113.99';
    await spend(address);
    const execute = vi.spyOn(t.deps.db, 'execute');
    const select = vi.spyOn(t.deps.db, 'select');
    try {
      for (const url of [
        '/api/comercios?q=otra%20palabra',
        '/api/comercios/mapa?q=otra%20palabra',
        '/api/sugerencias?q=otra',
      ])
        expectRefused(await get(t, url, address));
      expect(execute).not.toHaveBeenCalled();
      expect(select).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
      select.mockRestore();
    }
  });

  it('counts nothing with the cache off: every answer is a miss by the operator’s choice', async () => {
    for (let page = 1; page <= 6; page++)
      expect((await get(off, `/api/comercios?page=${page}`, VISITOR)).statusCode).toBe(200);
  });
});
