import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComercioMapa, Page, PromocionCard } from '#shared/api';
import { MAP_PIN_LIMIT, PROMO_PAGE_SIZE } from '#shared/constants';
import { distanceMeters, roundCoord } from '#shared/rules/geo';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';
import { comercios } from '#server/db/schema';

const NOW = new Date('2026-11-22T15:00:00Z');
/** The visitor: Godoy Cruz's main square. */
const VISITOR = { lat: -32.9254, lng: -68.8441 };
const near = `lat=${VISITOR.lat}&lng=${VISITOR.lng}`;

describe.each(DATABASE_KINDS)('results map and "Cerca mío" on Promociones on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let owner = { cookie: '', userId: '' };
  let propio = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The public cache on: the map's answers are shared, and a moved pin must clear them.
    t = await createTestApp(database, { now: NOW, env: { PUBLIC_CACHE_TTL_MS: '600000' } });
    owner = await signUp(t.app, 'mapa-owner@example.com');
    const db = database.db;
    const lejos = await insertComercio(db, NOW, {
      nombre: 'Almacén Lejano',
      categoria: 'Almacén',
      localidad: 'Guaymallen',
      destacado: true,
      ubicacion: { lat: -32.8993, lng: -68.7938 },
    });
    const vecina = await insertComercio(db, NOW, {
      nombre: 'Zapatería Vecina',
      categoria: 'Zapatería',
      localidad: 'Godoy Cruz',
      ubicacion: { lat: -32.9262, lng: -68.8435 },
    });
    const media = await insertComercio(db, NOW, {
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
    const sinMapa = await insertComercio(db, NOW, { nombre: 'Panadería Sin Mapa', categoria: 'Panadería' });
    const impaga = await insertComercio(db, NOW, {
      nombre: 'Panadería Impaga',
      categoria: 'Panadería',
      pagadoHaceDias: null,
      ubicacion: VISITOR,
    });
    propio = await insertComercio(db, NOW, {
      nombre: 'Kiosco Propio',
      categoria: 'Kiosco',
      localidad: 'Capital',
      propietarioId: owner.userId,
      ubicacion: { lat: -32.89, lng: -68.84 },
    });
    // Promotions: the far store's expires first, the nearest ones later.
    await insertPromocion(db, lejos, { titulo: 'Facturas 2x1', fechaVencimiento: '2026-11-25' });
    await insertPromocion(db, vecina, { titulo: 'Zapatillas 30%', fechaVencimiento: '2026-12-20' });
    await insertPromocion(db, media, { titulo: 'Pan del día', fechaVencimiento: '2026-12-10' });
    await insertPromocion(db, media, { titulo: 'Medialunas', fechaVencimiento: '2026-12-05' });
    await insertPromocion(db, sinMapa, { titulo: 'Sin mapa', fechaVencimiento: '2026-11-24' });
    await insertPromocion(db, impaga, { titulo: 'Impaga', fechaVencimiento: '2026-11-24' });
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  async function get<T>(url: string): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }
  const mapa = (query = '') => get<ComercioMapa>(`/api/comercios/mapa?${query}`);
  const pinNames = (m: ComercioMapa) => m.items.map((p) => p.nombre);

  it('the map has every published business with a pin, compact, in the grid order', async () => {
    const m = await mapa();
    expect(m.truncated).toBe(false);
    expect(pinNames(m)).toEqual([
      'Almacén Lejano',
      'Kiosco Propio',
      'Panadería del Centro',
      'Panadería Media Cuadra',
      'Zapatería Vecina',
    ]);
    expect(m.items[0]).toEqual({
      id: expect.any(Number),
      nombre: 'Almacén Lejano',
      categoria: 'Almacén',
      lat: -32.8993,
      lng: -68.7938,
    });
  });

  it('the map follows the category, locality, search (promotions included) and "Cerca mío"', async () => {
    expect(pinNames(await mapa(`categoria=${encodeURIComponent('Panadería')}`))).toEqual([
      'Panadería del Centro',
      'Panadería Media Cuadra',
    ]);
    expect(pinNames(await mapa('localidad=Capital'))).toEqual(['Kiosco Propio', 'Panadería del Centro']);
    expect(pinNames(await mapa('q=facturas'))).toEqual(['Almacén Lejano']);
    expect(pinNames(await mapa('q=panaderia'))).toEqual(['Panadería del Centro', 'Panadería Media Cuadra']);
    expect(pinNames(await mapa(`${near}&categoria=${encodeURIComponent('Panadería')}`))).toEqual([
      'Panadería Media Cuadra',
      'Panadería del Centro',
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/comercios/mapa?lat=-34.6&lng=-58.38' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Tu ubicación está fuera del Gran Mendoza: no podemos ordenar por cercanía.');
  });

  it('a moved pin reaches the cached map at once', async () => {
    const before = await mapa('localidad=Capital');
    expect(before.items.find((p) => p.id === propio)).toMatchObject({ lat: -32.89, lng: -68.84 });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${propio}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: {
        nombre: 'Kiosco Propio',
        categorias: ['Kiosco'],
        telefono: '261 412-3456',
        direccion: 'Colón 345',
        localidad: 'Capital',
        lat: -32.88,
        lng: -68.83,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await mapa('localidad=Capital');
    expect(after.items.find((p) => p.id === propio)).toMatchObject({ lat: -32.88, lng: -68.83 });
  });

  it('caps the map and says so', async () => {
    const extra = Array.from({ length: MAP_PIN_LIMIT + 1 }, (_, i) => ({
      nombre: `Puesto ${i}`,
      categoria: 'Puesto',
      categorias: ['Puesto'],
      descripcion: '',
      direccion: 'Feria',
      telefono: '261 412-3456',
      localidad: 'Guaymallen' as const,
      horarioDetallado: {},
      pagoStatus: true,
      fechaPago: new Date(NOW.getTime() - 86_400_000),
      lat: -32.9 + i / 100_000,
      lng: -68.79,
    }));
    await database.db.insert(comercios).values(extra as never);
    const m = await mapa('categoria=Puesto');
    expect(m.items).toHaveLength(MAP_PIN_LIMIT);
    expect(m.truncated).toBe(true);
  });

  it('Promociones "Cerca mío": nearest business first, then soonest expiry, with the distance', async () => {
    const page = await get<Page<PromocionCard>>(`/api/promociones?${near}`);
    expect(page.items.map((p) => p.titulo)).toEqual(['Zapatillas 30%', 'Medialunas', 'Pan del día', 'Facturas 2x1']);
    const rounded = { lat: roundCoord(VISITOR.lat), lng: roundCoord(VISITOR.lng) };
    const espera = distanceMeters(rounded, { lat: -32.8993, lng: -68.7938 });
    expect(Math.abs(page.items[3]!.distanciaMetros! - espera)).toBeLessThanOrEqual(1);
    expect(page.items[0]!.distanciaMetros).toBeLessThan(200);
    // Without the position: soonest expiry first, no distances, the pinless business's promotion included.
    const plain = await get<Page<PromocionCard>>('/api/promociones');
    expect(plain.items[0]!.titulo).toBe('Sin mapa');
    expect(plain.items.every((p) => p.distanciaMetros === undefined)).toBe(true);
    // Combined with the locality filter, and paged with the page size.
    const local = await get<Page<PromocionCard>>(`/api/promociones?${near}&localidad=Godoy%20Cruz`);
    expect(local.items.map((p) => p.titulo)).toEqual(['Zapatillas 30%', 'Medialunas', 'Pan del día']);
    expect(local.items.length).toBeLessThanOrEqual(PROMO_PAGE_SIZE);
    const bad = await t.app.inject({ method: 'GET', url: `/api/promociones?lat=${VISITOR.lat}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Para ordenar por cercanía hacen falta lat y lng.');
  });
});
