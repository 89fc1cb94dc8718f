import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, PromocionCard } from '#shared/api';
import { FEATURED_PROMO_LIMIT, PROMO_PAGE_SIZE } from '#shared/constants';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

// 23:30 in Mendoza on 22 November, already 23 November in UTC: "today" must be Mendoza's.
const NOW = new Date('2026-11-23T02:30:00Z');

describe.each(DATABASE_KINDS)('public promociones API on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });

  beforeAll(async () => {
    const db = ctx.database.db;
    const cafe = await insertComercio(db, NOW, {
      nombre: 'Café',
      categoria: 'Café, Pastelería',
      localidad: 'Godoy Cruz',
    });
    const kiosco = await insertComercio(db, NOW, { nombre: 'Kiosco', categoria: 'Kiosco', destacado: true });
    const unpaid = await insertComercio(db, NOW, { nombre: 'Impago', categoria: 'Vinoteca', pagadoHaceDias: null });
    const expired = await insertComercio(db, NOW, { nombre: 'Vencido', categoria: 'Librería', pagadoHaceDias: 31 });
    // 20 visible promotions with distinct expiry days, inserted out of order.
    for (let i = 19; i >= 0; i--) {
      const day = String(22 + (i % 9)).padStart(2, '0');
      const month = i < 9 ? '11' : '12';
      await insertPromocion(db, i % 2 ? cafe : kiosco, {
        titulo: `P${String(i).padStart(2, '0')}`,
        fechaVencimiento: `2026-${month}-${day}`,
      });
    }
    await insertPromocion(db, cafe, { titulo: 'Vencida', fechaVencimiento: '2026-11-21' });
    await insertPromocion(db, cafe, { titulo: 'Inactiva', fechaVencimiento: '2026-12-01', activa: false });
    await insertPromocion(db, unpaid, { titulo: 'Del impago', fechaVencimiento: '2026-12-01' });
    await insertPromocion(db, expired, { titulo: 'Del vencido', fechaVencimiento: '2026-12-01' });
  });

  async function page(n: number, categoria?: string): Promise<Page<PromocionCard>> {
    const q = categoria ? `&categoria=${encodeURIComponent(categoria)}` : '';
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/promociones?page=${n}${q}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('pages 8 at a time through visible promotions, soonest expiry first', async () => {
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => [p.items.length, p.hasMore])).toEqual([
      [PROMO_PAGE_SIZE, true],
      [PROMO_PAGE_SIZE, true],
      [4, false],
    ]);
    const all = pages.flatMap((p) => p.items);
    expect(all).toHaveLength(20);
    const dates = all.map((p) => p.fechaVencimiento);
    expect(dates).toEqual([...dates].sort());
    expect(all.map((p) => p.titulo)).not.toContain('Vencida');
    expect(all.map((p) => p.titulo)).not.toContain('Inactiva');
    expect(all.map((p) => p.titulo)).not.toContain('Del impago');
    expect(all.map((p) => p.titulo)).not.toContain('Del vencido');
    // A promotion expiring today (Mendoza's 22 November) is still valid at 23:30.
    expect(dates[0]).toBe('2026-11-22');
    expect(all[0]!.comercio).toMatchObject({ nombre: 'Kiosco', categoria: 'Kiosco' });
  });

  it('filters by any of the business categories', async () => {
    const p = await page(1, 'Pastelería');
    expect(p.items.length).toBe(PROMO_PAGE_SIZE);
    expect(p.items.every((x) => x.comercio.nombre === 'Café')).toBe(true);
  });

  it('filters by the locality of the business, alone or with a category', async () => {
    const get = async (qs: string) => {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/promociones?page=1&${qs}` });
      return { status: res.statusCode, body: res.json() };
    };
    const godoy = await get('localidad=Godoy%20Cruz');
    expect(godoy.body.items.length).toBe(PROMO_PAGE_SIZE);
    expect(godoy.body.items.every((x: PromocionCard) => x.comercio.nombre === 'Café')).toBe(true);
    const capital = await get('localidad=Capital');
    expect(capital.body.items.length).toBe(PROMO_PAGE_SIZE);
    expect(capital.body.items.every((x: PromocionCard) => x.comercio.nombre === 'Kiosco')).toBe(true);
    const pasteleria = await get('localidad=Godoy%20Cruz&categoria=Pasteler%C3%ADa');
    expect(pasteleria.body.items.every((x: PromocionCard) => x.comercio.nombre === 'Café')).toBe(true);
    expect((await get('localidad=Guaymallen')).body).toEqual({ items: [], page: 1, hasMore: false });
    expect((await get('localidad=Godoy%20Cruz&categoria=Kiosco')).body.items).toEqual([]);
    const bad = await get('localidad=Maip%C3%BA');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.');
  });

  it('builds filter categories from visible promotions only', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/promociones/categorias' });
    expect(res.json()).toEqual({ items: ['Café', 'Kiosco', 'Pastelería'] });
  });

  it('features six visible promotions, featured businesses first', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/promociones/destacadas' });
    const items = res.json<{ items: PromocionCard[] }>().items;
    expect(items).toHaveLength(FEATURED_PROMO_LIMIT);
    expect(items.every((p) => p.comercio.nombre === 'Kiosco')).toBe(true);
  });

  it('features only promotions of businesses the category and locality filters show, empty when none', async () => {
    const featured = async (query: string) => {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/promociones/destacadas?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: PromocionCard[] }>().items.map((p) => p.comercio.nombre);
    };
    expect(await featured('categoria=Pasteler%C3%ADa')).toEqual(Array(FEATURED_PROMO_LIMIT).fill('Café'));
    expect(await featured('localidad=Godoy+Cruz')).toEqual(Array(FEATURED_PROMO_LIMIT).fill('Café'));
    expect(await featured('localidad=Capital')).toEqual(Array(FEATURED_PROMO_LIMIT).fill('Kiosco'));
    expect(await featured('categoria=Kiosco&localidad=Capital')).toEqual(Array(FEATURED_PROMO_LIMIT).fill('Kiosco'));
    expect(await featured('categoria=Kiosco&localidad=Godoy+Cruz')).toEqual([]);
    // An unpublished business's category has nothing to feature.
    expect(await featured('categoria=Vinoteca')).toEqual([]);
    const bad = await ctx.t.app.inject({ method: 'GET', url: '/api/promociones/destacadas?localidad=Rosario' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { message: 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.' },
    });
  });

  it('drops a promotion once its expiry day has ended in Mendoza', async () => {
    ctx.t.setNow(new Date('2026-11-23T03:00:00Z')); // 00:00 on 23 November in Mendoza
    const first = await page(1);
    expect(first.items[0]!.fechaVencimiento).toBe('2026-11-23');
    ctx.t.setNow(NOW);
  });
});
