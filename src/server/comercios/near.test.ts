import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comercio, ComercioCard, ComercioEditable, Page } from '#shared/api';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { distanceMeters, roundCoord } from '#shared/rules/geo';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

const NOW = new Date('2026-11-22T15:00:00Z');
/** The visitor: Godoy Cruz's main square. */
const VISITOR = { lat: -32.9254, lng: -68.8441 };
const near = `lat=${VISITOR.lat}&lng=${VISITOR.lng}`;

const OWNER_BODY = {
  nombre: 'Kiosco con Mapa',
  categorias: ['Kiosco'],
  telefono: '261 412-3456',
  direccion: 'Colón 345',
  localidad: 'Godoy Cruz',
};

describe.each(DATABASE_KINDS)('"Cerca mío" on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let owner = { cookie: '', userId: '' };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: NOW });
    owner = await signUp(t.app, 'mapa@example.com');
    const db = database.db;
    // Named so that alphabetical order differs from distance order.
    const aLejos = await insertComercio(db, NOW, {
      nombre: 'Almacén Lejano',
      categoria: 'Almacén',
      localidad: 'Guaymallen',
      destacado: true,
      ubicacion: { lat: -32.8993, lng: -68.7938 },
    });
    await insertComercio(db, NOW, {
      nombre: 'Zapatería Vecina',
      categoria: 'Zapatería',
      localidad: 'Godoy Cruz',
      ubicacion: { lat: -32.9262, lng: -68.8435 },
    });
    await insertComercio(db, NOW, {
      nombre: 'Panadería Media Cuadra',
      categoria: 'Panadería',
      localidad: 'Godoy Cruz',
      ubicacion: { lat: -32.9245, lng: -68.842 },
    });
    await insertComercio(db, NOW, {
      nombre: 'Panadería del Centro',
      categoria: 'Panadería',
      localidad: 'Capital',
      ubicacion: { lat: -32.8894, lng: -68.8458 },
    });
    await insertComercio(db, NOW, { nombre: 'Panadería Sin Mapa', categoria: 'Panadería', localidad: 'Godoy Cruz' });
    await insertComercio(db, NOW, {
      nombre: 'Panadería Impaga',
      categoria: 'Panadería',
      pagadoHaceDias: null,
      ubicacion: { lat: -32.9254, lng: -68.8441 },
    });
    await insertPromocion(db, aLejos, { titulo: 'Facturas 2x1', fechaVencimiento: '2026-12-30' });
    // A second page: fourteen kiosks one after the other to the south of the visitor.
    for (let i = 1; i <= COMERCIO_PAGE_SIZE + 2; i++)
      await insertComercio(db, NOW, {
        nombre: `Kiosco ${String(i).padStart(2, '0')}`,
        categoria: 'Kiosco',
        localidad: 'Godoy Cruz',
        ubicacion: { lat: VISITOR.lat - i * 0.001, lng: VISITOR.lng },
      });
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  async function list(query: string): Promise<Page<ComercioCard>> {
    const res = await t.app.inject({ method: 'GET', url: `/api/comercios?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const names = (page: Page<ComercioCard>) => page.items.map((c) => c.nombre);

  it('orders by distance from the visitor and says how far each one is', async () => {
    const page = await list(`${near}&categoria=${encodeURIComponent('Panadería')}`);
    expect(names(page)).toEqual(['Panadería Media Cuadra', 'Panadería del Centro']);
    const rounded = { lat: roundCoord(VISITOR.lat), lng: roundCoord(VISITOR.lng) };
    for (const card of page.items) {
      expect(card.lat).not.toBeNull();
      const expected = distanceMeters(rounded, { lat: card.lat!, lng: card.lng! });
      expect(Math.abs(card.distanciaMetros! - expected)).toBeLessThanOrEqual(1);
    }
    expect(page.items[1]!.distanciaMetros).toBeGreaterThan(3_500);
  });

  it('leaves out businesses without a pin and unpublished ones; the plain list still has them', async () => {
    const all = names(await list(`${near}&q=panaderia`));
    expect(all).not.toContain('Panadería Sin Mapa');
    expect(all).not.toContain('Panadería Impaga');
    expect(names(await list('q=panaderia'))).toContain('Panadería Sin Mapa');
    expect((await list('q=panaderia')).items.every((c) => c.distanciaMetros === undefined)).toBe(true);
  });

  it('combines with locality and search, promotion matches included, still nearest first', async () => {
    expect(names(await list(`${near}&localidad=Capital`))).toEqual(['Panadería del Centro']);
    expect(names(await list(`${near}&q=panaderia`))).toEqual(['Panadería Media Cuadra', 'Panadería del Centro']);
    // "facturas" only matches the far store's promotion: found through it, with its distance.
    const promo = await list(`${near}&q=facturas`);
    expect(names(promo)).toEqual(['Almacén Lejano']);
    expect(promo.items[0]!.promoCoincidente).toBe('Facturas 2x1 (20%)');
    expect(promo.items[0]!.distanciaMetros).toBeGreaterThan(5_000);
  });

  it('ignores featuring when sorting by distance, and pages in the same order', async () => {
    const first = await list(`${near}&page=1`);
    expect(first.items[0]!.nombre).toBe('Zapatería Vecina');
    expect(first.hasMore).toBe(true);
    const second = await list(`${near}&page=2`);
    const distances = [...first.items, ...second.items].map((c) => c.distanciaMetros!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(second.items.at(-1)!.nombre).toBe('Almacén Lejano');
    expect(second.hasMore).toBe(false);
    const kiosks = names(await list(`${near}&categoria=Kiosco&page=2`));
    expect(kiosks).toEqual(['Kiosco 13', 'Kiosco 14']);
  });

  it('refuses one coordinate alone, a non-number and a place outside Greater Mendoza', async () => {
    for (const [query, message] of [
      [`lat=${VISITOR.lat}`, 'Para ordenar por cercanía hacen falta lat y lng.'],
      ['lat=abc&lng=-68.8', 'La ubicación debe ser un número.'],
      ['lat=-34.6037&lng=-58.3816', 'Tu ubicación está fuera del Gran Mendoza: no podemos ordenar por cercanía.'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/comercios?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('lets the owner place, keep, move and remove the pin; the server checks it', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie: owner.cookie } });
    const created = await call('POST', '/api/comercios', { ...OWNER_BODY, lat: -32.9245, lng: -68.842 });
    expect(created.statusCode, created.body).toBe(201);
    const comercio = created.json<Comercio>();
    expect([comercio.lat, comercio.lng]).toEqual([-32.9245, -68.842]);

    // An edit without the pin (a form without a map) keeps it.
    const kept = await call('PUT', `/api/comercios/${comercio.id}`, { ...OWNER_BODY, nombre: 'Kiosco Renombrado' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect([kept.json<ComercioEditable>().lat, kept.json<ComercioEditable>().lng]).toEqual([-32.9245, -68.842]);

    const moved = await call('PUT', `/api/comercios/${comercio.id}`, { ...OWNER_BODY, lat: -32.89, lng: -68.84 });
    expect(moved.json<ComercioEditable>().lat).toBe(-32.89);

    for (const [body, message] of [
      [{ lat: -34.6, lng: -58.38 }, 'Marcá la ubicación dentro del Gran Mendoza.'],
      [{ lat: -32.9 }, 'La ubicación del mapa no es válida. Volvé a marcarla.'],
      [{ lat: -32.9, lng: null }, 'La ubicación del mapa no es válida. Volvé a marcarla.'],
      [{ lat: '-32.9', lng: '-68.8' }, 'La ubicación del mapa no es válida. Volvé a marcarla.'],
    ] as const) {
      const res = await call('PUT', `/api/comercios/${comercio.id}`, { ...OWNER_BODY, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }

    const removed = await call('PUT', `/api/comercios/${comercio.id}`, { ...OWNER_BODY, lat: null, lng: null });
    expect([removed.json<ComercioEditable>().lat, removed.json<ComercioEditable>().lng]).toEqual([null, null]);
  });
});
