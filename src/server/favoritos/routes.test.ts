import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavoritosAnswer } from '#shared/contract';
import { createTestApp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

const NOW = new Date('2026-11-22T15:00:00Z');

describe.each(DATABASE_KINDS)('favourites by ids on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const ids = { cafe: 0, impago: 0, promo: 0, vencida: 0, delImpago: 0 };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: NOW });
    ids.cafe = await insertComercio(database.db, NOW, { nombre: 'Café' });
    ids.impago = await insertComercio(database.db, NOW, { nombre: 'Impago', pagadoHaceDias: 31 });
    ids.promo = await insertPromocion(database.db, ids.cafe, { titulo: 'Vigente', fechaVencimiento: '2026-12-01' });
    ids.vencida = await insertPromocion(database.db, ids.cafe, { titulo: 'Vieja', fechaVencimiento: '2026-11-01' });
    ids.delImpago = await insertPromocion(database.db, ids.impago, {
      titulo: 'Oculta',
      fechaVencimiento: '2026-12-01',
    });
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/favoritos?${qs}` });

  it('returns in one request only what the public may see now', async () => {
    const res = await get(
      `comercios=${ids.cafe},${ids.impago},999999,${ids.cafe}&promociones=${ids.promo},${ids.vencida},${ids.delImpago}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<FavoritosAnswer>();
    expect(body.comercios.map((c) => c.nombre)).toEqual(['Café']);
    expect(body.promociones.map((p) => [p.titulo, p.comercio.nombre])).toEqual([['Vigente', 'Café']]);
    expect((await get('')).json()).toEqual({ comercios: [], promociones: [] });
  });

  it('refuses malformed or too many ids in Spanish', async () => {
    const message = 'Los favoritos deben ser hasta 100 identificadores separados por comas.';
    for (const qs of [
      'comercios=abc',
      'promociones=1,,2',
      'comercios=0',
      `comercios=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});
