import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavoritoGuardado } from '#shared/contract';
import { FAVORITOS_LLENO, FAVORITOS_POR_CUENTA } from '#shared/schemas/favoritos';
import { comercios, favoritos, promociones } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

const NOW = new Date('2026-11-22T15:00:00Z');

describe.each(DATABASE_KINDS)("signed-in people's favourites on the server, on %s", (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let ana = { cookie: '', userId: '' };
  let beto = { cookie: '', userId: '' };
  const ids = { cafe: 0, kiosco: 0, impago: 0, promo: 0, vencida: 0 };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: NOW });
    ana = await signUp(t.app, 'ana@example.com', 'Ana');
    beto = await signUp(t.app, 'beto@example.com', 'Beto');
    ids.cafe = await insertComercio(database.db, NOW, { nombre: 'Café' });
    ids.kiosco = await insertComercio(database.db, NOW, { nombre: 'Kiosco' });
    ids.impago = await insertComercio(database.db, NOW, { nombre: 'Impago', pagadoHaceDias: 31 });
    ids.promo = await insertPromocion(database.db, ids.cafe, { titulo: 'Dos por uno', fechaVencimiento: '2026-12-01' });
    ids.vencida = await insertPromocion(database.db, ids.cafe, { titulo: 'Vieja', fechaVencimiento: '2026-11-01' });
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  const as = (who: { cookie: string }) => ({
    mine: async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/mis-favoritos', headers: { cookie: who.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<{ items: FavoritoGuardado[] }>().items;
    },
    write: (method: 'PUT' | 'DELETE', path: string) =>
      t.app.inject({
        method,
        url: `/api/mis-favoritos/${path}`,
        headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      }),
    merge: (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mis-favoritos/unir',
        payload: payload as object,
        headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      }),
  });

  it('answers a guest 401 on every endpoint', async () => {
    const guest = as({ cookie: '' });
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/mis-favoritos' }),
      await guest.write('PUT', `comercio/${ids.cafe}`),
      await guest.write('DELETE', `comercio/${ids.cafe}`),
      await guest.merge({ items: [] }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('saves, lists with the current names, and removes; saving or removing twice is fine', async () => {
    for (const path of [`comercio/${ids.cafe}`, `promocion/${ids.promo}`, `comercio/${ids.cafe}`]) {
      expect((await as(ana).write('PUT', path)).statusCode, path).toBe(204);
    }
    expect(await as(ana).mine()).toEqual([
      { kind: 'comercio', id: ids.cafe, nombre: 'Café' },
      { kind: 'promocion', id: ids.promo, nombre: 'Dos por uno' },
    ]);
    for (let i = 0; i < 2; i++) expect((await as(ana).write('DELETE', `promocion/${ids.promo}`)).statusCode).toBe(204);
    expect(await as(ana).mine()).toEqual([{ kind: 'comercio', id: ids.cafe, nombre: 'Café' }]);
  });

  it('refuses what the public cannot see and malformed paths, in Spanish', async () => {
    const cases: Array<[string, number, string]> = [
      [`comercio/${ids.impago}`, 404, 'No encontramos este comercio.'],
      ['comercio/999999', 404, 'No encontramos este comercio.'],
      [`promocion/${ids.vencida}`, 404, 'No encontramos esta promoción.'],
      [`producto/${ids.cafe}`, 400, 'El favorito debe ser un comercio o una promoción.'],
      ['comercio/abc', 400, 'Identificador inválido.'],
      ['comercio/0', 400, 'Identificador inválido.'],
    ];
    for (const [path, status, message] of cases) {
      const res = await as(ana).write('PUT', path);
      expect(res.statusCode, path).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await as(ana).mine()).toEqual([{ kind: 'comercio', id: ids.cafe, nombre: 'Café' }]);
  });

  it("keeps each person's favourites to themselves: nobody reads or deletes another's", async () => {
    expect(await as(beto).mine()).toEqual([]);
    expect((await as(beto).write('DELETE', `comercio/${ids.cafe}`)).statusCode).toBe(204);
    expect(await as(ana).mine()).toEqual([{ kind: 'comercio', id: ids.cafe, nombre: 'Café' }]);
    expect((await as(beto).write('PUT', `comercio/${ids.kiosco}`)).statusCode).toBe(204);
    expect((await as(ana).mine()).map((f) => f.id)).toEqual([ids.cafe]);
    expect((await as(beto).mine()).map((f) => f.id)).toEqual([ids.kiosco]);
  });

  it('merges a device list once or many times to the same union, leaving out what cannot be saved', async () => {
    const device = [
      { kind: 'comercio', id: ids.kiosco },
      { kind: 'comercio', id: ids.cafe },
      { kind: 'promocion', id: ids.promo },
      { kind: 'promocion', id: ids.promo },
      { kind: 'comercio', id: ids.impago },
      { kind: 'promocion', id: ids.vencida },
      { kind: 'comercio', id: 999_999 },
    ];
    const union = [
      { kind: 'comercio', id: ids.cafe, nombre: 'Café' },
      { kind: 'comercio', id: ids.kiosco, nombre: 'Kiosco' },
      { kind: 'promocion', id: ids.promo, nombre: 'Dos por uno' },
    ];
    for (let i = 0; i < 2; i++) {
      const res = await as(ana).merge({ items: device });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json().items).toEqual(union);
    }
    expect(await as(ana).mine()).toEqual(union);
    expect((await as(ana).merge({ items: [] })).json().items).toEqual(union);

    for (const [payload, message] of [
      [{}, 'Faltan los favoritos a unir.'],
      [{ items: [{ kind: 'comercio', id: '12' }] }, 'Identificador inválido.'],
      [
        { items: Array.from({ length: FAVORITOS_POR_CUENTA + 1 }, (_, i) => ({ kind: 'comercio', id: i + 1 })) },
        FAVORITOS_LLENO,
      ],
    ] as const) {
      const res = await as(ana).merge(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it(`keeps at most ${FAVORITOS_POR_CUENTA} per account, saving nothing of a merge that would pass it`, async () => {
    const carla = await signUp(t.app, 'carla@example.com', 'Carla');
    const muchas = await database.db.execute<{ id: number }>(
      sql`INSERT INTO promociones (comercio_id, titulo, descuento, fecha_vencimiento)
          SELECT ${ids.kiosco}, 'P' || g, '10%', '2099-12-31' FROM generate_series(1, ${FAVORITOS_POR_CUENTA + 2}) g
          RETURNING id`,
    );
    const promoIds = (muchas as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    await database.db
      .insert(favoritos)
      .values(
        promoIds.slice(0, FAVORITOS_POR_CUENTA - 1).map((promocionId) => ({ userId: carla.userId, promocionId })),
      );
    expect((await as(carla).write('PUT', `promocion/${promoIds[FAVORITOS_POR_CUENTA - 1]}`)).statusCode).toBe(204);
    const full = await as(carla).write('PUT', `comercio/${ids.cafe}`);
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe(FAVORITOS_LLENO);
    // Saving one already saved is not a new one.
    expect((await as(carla).write('PUT', `promocion/${promoIds[0]}`)).statusCode).toBe(204);

    await as(carla).write('DELETE', `promocion/${promoIds[0]}`);
    const over = await as(carla).merge({
      items: [
        { kind: 'comercio', id: ids.cafe },
        { kind: 'promocion', id: promoIds[FAVORITOS_POR_CUENTA]! },
      ],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(FAVORITOS_LLENO);
    const saved = await as(carla).mine();
    expect(saved).toHaveLength(FAVORITOS_POR_CUENTA - 1);
    expect(saved.some((f) => f.kind === 'comercio')).toBe(false);
  });

  it('goes away with its business, its promotion or its account', async () => {
    const bar = await insertComercio(database.db, NOW, { nombre: 'Bar' });
    const happy = await insertPromocion(database.db, bar, { titulo: 'Happy hour', fechaVencimiento: '2026-12-01' });
    await as(beto).write('PUT', `comercio/${bar}`);
    await as(beto).write('PUT', `promocion/${happy}`);
    expect((await as(beto).mine()).map((f) => f.nombre)).toEqual(['Kiosco', 'Bar', 'Happy hour']);
    await database.db.delete(promociones).where(eq(promociones.id, happy));
    expect((await as(beto).mine()).map((f) => f.nombre)).toEqual(['Kiosco', 'Bar']);
    await database.db.delete(comercios).where(eq(comercios.id, bar));
    expect((await as(beto).mine()).map((f) => f.nombre)).toEqual(['Kiosco']);
    await database.db.execute(sql`DELETE FROM "user" WHERE id = ${beto.userId}`);
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(favoritos)
      .where(eq(favoritos.userId, beto.userId));
    expect(left?.n).toBe(0);
  });
});
