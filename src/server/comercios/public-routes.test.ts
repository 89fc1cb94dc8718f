import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioCard, ComercioDetalle, Page } from '#shared/api';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { signUp, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

const NOW = new Date('2026-11-22T15:00:00Z'); // 12:00 in Mendoza

describe.each(DATABASE_KINDS)('public comercios API on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });
  const ids: Record<string, number> = {};
  let ownerCookie = '';
  let strangerCookie = '';

  beforeAll(async () => {
    const db = ctx.database.db;
    const owner = await signUp(ctx.t.app, 'duenio@example.com');
    ownerCookie = owner.cookie;
    strangerCookie = (await signUp(ctx.t.app, 'otro@example.com')).cookie;
    ids.panaderia = await insertComercio(db, NOW, {
      nombre: 'Panadería La Espiga',
      categoria: 'Panadería, Pastelería',
      localidad: 'Godoy Cruz',
    });
    ids.cafe = await insertComercio(db, NOW, {
      nombre: 'Café del Parque',
      categoria: 'Café',
      localidad: 'Capital',
      descripcion: 'Cafetería de especialidad frente al parque.',
    });
    ids.guaymallen = await insertComercio(db, NOW, {
      nombre: 'Ferretería El Tornillo',
      categoria: 'Ferretería',
      localidad: 'Guaymallen',
      descripcion: 'Todo para tu casa en Guaymallén.',
    });
    ids.unpaid = await insertComercio(db, NOW, {
      nombre: 'Panadería Sin Pagar',
      categoria: 'Panadería',
      pagadoHaceDias: null,
    });
    ids.expired = await insertComercio(db, NOW, { nombre: 'Kiosco Vencido', categoria: 'Kiosco', pagadoHaceDias: 30 });
    ids.day29 = await insertComercio(db, NOW, { nombre: 'Kiosco Día 29', categoria: 'Kiosco', pagadoHaceDias: 29.9 });
    ids.owned = await insertComercio(db, NOW, {
      nombre: 'Vinoteca del Dueño',
      categoria: 'Vinoteca',
      pagadoHaceDias: null,
      propietarioId: owner.userId,
    });
    await insertPromocion(db, ids.panaderia, { titulo: 'Visible', fechaVencimiento: '2026-11-22' });
    await insertPromocion(db, ids.panaderia, { titulo: 'Vencida ayer', fechaVencimiento: '2026-11-21' });
    await insertPromocion(db, ids.panaderia, { titulo: 'Inactiva', fechaVencimiento: '2026-12-30', activa: false });
    await insertPromocion(db, ids.unpaid, { titulo: 'De un impago', fechaVencimiento: '2026-12-30' });
  });

  async function list(query = ''): Promise<Page<ComercioCard>> {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const names = (page: Page<ComercioCard>) => page.items.map((c) => c.nombre).sort();

  it('lists only published businesses: paid, fewer than 30 full days ago', async () => {
    expect(names(await list())).toEqual([
      'Café del Parque',
      'Ferretería El Tornillo',
      'Kiosco Día 29',
      'Panadería La Espiga',
    ]);
  });

  it('searches name, description and category without caring for accents or case', async () => {
    expect(names(await list('?q=panaderia'))).toEqual(['Panadería La Espiga']);
    expect(names(await list('?q=GUAYMALLEN'))).toEqual(['Ferretería El Tornillo']);
    expect(names(await list('?q=pasteleria'))).toEqual(['Panadería La Espiga']);
    expect(names(await list('?q=especialidad'))).toEqual(['Café del Parque']);
    expect(names(await list(`?q=${encodeURIComponent('CAFÉ')}`))).toEqual(['Café del Parque']);
  });

  it('finds each word of the search in any field, in any order (ADR 040)', async () => {
    // "Café del Parque" + "Cafetería…": one word in the name, the other in the description.
    expect(names(await list(`?q=${encodeURIComponent('cafeteria parque')}`))).toEqual(['Café del Parque']);
  });

  it('takes % and _ in the search text literally', async () => {
    // Only a discount holds a literal %: the visible "20%" promotion of the bakery.
    expect(names(await list('?q=%25'))).toEqual(['Panadería La Espiga']);
    expect((await list('?q=a%25b')).items).toEqual([]);
    expect((await list('?q=_')).items).toEqual([]);
  });

  it('combines category, locality and text: all must match', async () => {
    expect(names(await list(`?categoria=${encodeURIComponent('Pastelería')}`))).toEqual(['Panadería La Espiga']);
    expect(names(await list('?localidad=Guaymallen'))).toEqual(['Ferretería El Tornillo']);
    expect(names(await list('?localidad=Capital&q=kiosco'))).toEqual(['Kiosco Día 29']);
    expect(names(await list(`?localidad=Capital&categoria=${encodeURIComponent('Panadería')}`))).toEqual([]);
  });

  it('rejects an unknown locality with the spec message', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios?localidad=Maipu' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_error', message: 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.' },
    });
  });

  it('lists the categories of published businesses only, each once, in Spanish order', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios/categorias' });
    expect(res.json()).toEqual({ items: ['Café', 'Ferretería', 'Kiosco', 'Panadería', 'Pastelería'] });
  });

  it('shows a published business with its visible promotions only', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios/${ids.panaderia}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<ComercioDetalle>();
    expect(body.publicado).toBe(true);
    expect(body.esPropio).toBe(false);
    expect(body.promociones.map((p) => p.titulo)).toEqual(['Visible']);
    expect(Object.keys(body.horarioDetallado)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
    expect(body).not.toHaveProperty('propietarioId');
  });

  it('hides unpublished and expired businesses from everyone but their owner', async () => {
    for (const id of [ids.unpaid, ids.expired, ids.owned, 999999]) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No encontramos este comercio.');
    }
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/comercios/${ids.owned}`,
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ publicado: false, esPropio: true, promociones: [] });
    expect(res.headers['cache-control']).toContain('private');
    const stranger = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/comercios/${ids.owned}`,
      headers: { cookie: strangerCookie },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('answers a bad id with 400 and a Spanish message, never a stack trace', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: 'Identificador inválido.' } });
  });

  it('sends an ETag and answers a matching revalidation with 304', async () => {
    const first = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
  });

  it('moves a business out of the lists the moment its 30 days end', async () => {
    ctx.t.setNow(new Date(NOW.getTime() + 0.2 * 86_400_000)); // "Kiosco Día 29" now at 30.1 days
    expect(names(await list('?q=kiosco'))).toEqual([]);
    ctx.t.setNow(NOW);
    expect(names(await list('?q=kiosco'))).toEqual(['Kiosco Día 29']);
  });
});

describe.each(DATABASE_KINDS)('comercios pagination on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });
  beforeAll(async () => {
    for (let i = 0; i < COMERCIO_PAGE_SIZE * 2 + 3; i++) {
      await insertComercio(ctx.database.db, NOW, {
        nombre: `Almacén ${String(i).padStart(2, '0')}`,
        destacado: i === 20,
      });
    }
  });

  it('serves a page at a time, featured first, then by name, with no repeats', async () => {
    const pages: Page<ComercioCard>[] = [];
    for (let page = 1; page <= 3; page++) {
      pages.push((await ctx.t.app.inject({ method: 'GET', url: `/api/comercios?page=${page}` })).json());
    }
    expect(pages.map((p) => [p.items.length, p.hasMore])).toEqual([
      [COMERCIO_PAGE_SIZE, true],
      [COMERCIO_PAGE_SIZE, true],
      [3, false],
    ]);
    const all = pages.flatMap((p) => p.items.map((c) => c.nombre));
    expect(all[0]).toBe('Almacén 20');
    expect(new Set(all).size).toBe(COMERCIO_PAGE_SIZE * 2 + 3);
    expect(all.slice(1)).toEqual([...all.slice(1)].sort());
  });

  it('rejects a page below 1', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios?page=0' });
    expect(res.statusCode).toBe(400);
  });
});

describe.each(DATABASE_KINDS)('a category grid without search on %s (the prepared statement, ADR 048)', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });
  beforeAll(async () => {
    const db = ctx.database.db;
    for (let i = 0; i < COMERCIO_PAGE_SIZE + 4; i++)
      await insertComercio(db, NOW, {
        nombre: `Panadería ${String(i).padStart(2, '0')}`,
        categoria: i % 2 ? 'Panadería' : 'Almacén, Panadería',
        localidad: i < 6 ? 'Capital' : 'Godoy Cruz',
        destacado: i === 9,
      });
    await insertComercio(db, NOW, { nombre: 'Almacén Solo', categoria: 'Almacén', localidad: 'Capital' });
    await insertComercio(db, NOW, { nombre: 'Panadería Impaga', categoria: 'Panadería', pagadoHaceDias: null });
  });
  const page = async (query: string) =>
    (await ctx.t.app.inject({ method: 'GET', url: `/api/comercios?${query}` })).json<Page<ComercioCard>>();

  it('pages through the category, featured first, then by name, with no repeats; with a locality too', async () => {
    const first = await page(`categoria=${encodeURIComponent('Panadería')}&page=1`);
    const second = await page(`categoria=${encodeURIComponent('Panadería')}&page=2`);
    expect([first.items.length, first.hasMore, second.items.length, second.hasMore]).toEqual([
      COMERCIO_PAGE_SIZE,
      true,
      4,
      false,
    ]);
    const all = [...first.items, ...second.items].map((c) => c.nombre);
    expect(all[0]).toBe('Panadería 09');
    expect(all.slice(1)).toEqual(
      Array.from({ length: COMERCIO_PAGE_SIZE + 4 }, (_, i) => `Panadería ${String(i).padStart(2, '0')}`).filter(
        (n) => n !== 'Panadería 09',
      ),
    );
    const capital = await page(`categoria=${encodeURIComponent('Almacén')}&localidad=Capital`);
    expect(capital.items.map((c) => c.nombre)).toEqual([
      'Almacén Solo',
      'Panadería 00',
      'Panadería 02',
      'Panadería 04',
    ]);
    expect(capital.hasMore).toBe(false);
  });
});
