import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComercioEditable, Page, PromocionCard } from '#shared/api';
import { promocionInputSchema } from '#shared/schemas/promocion';
import { FEATURED_PROMO_LIMIT, PROMO_PAGE_SIZE } from '#shared/constants';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio, insertPromocion } from '#test/server/fixtures';

// 23:59 on Monday 23 November in Mendoza (already Tuesday in UTC).
const LUNES_NOCHE = new Date('2026-11-24T02:59:00Z');
// 00:00 on Tuesday 24 November in Mendoza.
const MARTES = new Date('2026-11-24T03:00:00Z');

const PROMO = { descuento: '20%', fechaVencimiento: '2026-12-31' };

describe.each(DATABASE_KINDS)('promotions fine print and "Promos de hoy" on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let cached: TestApp;
  let ana = { cookie: '', userId: '' };
  let cafe = 0;
  let kiosco = 0;

  const put = (id: number, promociones: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${id}/promociones`,
      payload: { promociones },
      headers: { origin: TEST_ORIGIN, cookie: ana.cookie },
    });
  const list = async (app: TestApp, qs: string) => {
    const res = await app.app.inject({ method: 'GET', url: `/api/promociones?${qs}` });
    expect(res.statusCode).toBe(200);
    return res.json<Page<PromocionCard>>();
  };
  const titles = (p: Page<PromocionCard>) => p.items.map((x) => x.titulo);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: LUNES_NOCHE });
    cached = await createTestApp(database, { now: LUNES_NOCHE, env: { PUBLIC_CACHE_TTL_MS: '600000' } });
    ana = await signUp(t.app, 'ana@example.com', 'Ana');
    cafe = await insertComercio(database.db, LUNES_NOCHE, {
      nombre: 'Café',
      categoria: 'Café',
      localidad: 'Godoy Cruz',
      propietarioId: ana.userId,
    });
    kiosco = await insertComercio(database.db, LUNES_NOCHE, { nombre: 'Kiosco', categoria: 'Kiosco', destacado: true });
    // Rows written before the fine print existed: every day, no start date.
    for (let i = 0; i < 10; i++) {
      await insertPromocion(database.db, kiosco, { titulo: `K${i}`, fechaVencimiento: `2026-12-${10 + i}` });
    }
    const saved = await put(cafe, [
      {
        ...PROMO,
        fechaVencimiento: '2026-12-05',
        titulo: 'Martes y jueves',
        dias: ['Jueves', 'Martes', 'Martes'],
        mediosPago: ['debito', 'modo'],
        medioPagoOtro: ' Banco Nación ',
        tope: 5000,
        compraMinima: 20000,
        condiciones: 'Válido para consumo en el local. No acumulable.',
      },
      { ...PROMO, titulo: 'Lunes', dias: ['Lunes'], fechaVencimiento: '2026-12-06' },
      { ...PROMO, titulo: 'Desde diciembre', desde: '2026-12-01', fechaVencimiento: '2026-12-07' },
      ...Array.from({ length: 9 }, (_, i) => ({ ...PROMO, titulo: `C${i}`, fechaVencimiento: `2026-12-2${i}` })),
    ]);
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.app.close();
    await cached?.app.close();
    await database?.destroy();
  });

  it('keeps the fine print the owner saved, normalised, for the owner and the public', async () => {
    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/comercios/${cafe}/editar`,
      headers: { cookie: ana.cookie },
    });
    const promo = edit.json<ComercioEditable>().promociones.find((p) => p.titulo === 'Martes y jueves');
    const expected = {
      dias: ['Martes', 'Jueves'],
      desde: null,
      mediosPago: ['debito', 'modo'],
      medioPagoOtro: 'Banco Nación',
      tope: 5000,
      compraMinima: 20000,
      condiciones: 'Válido para consumo en el local. No acumulable.',
    };
    expect(promo).toMatchObject(expected);
    const all = await list(t, 'localidad=Godoy%20Cruz&page=1');
    expect(all.items.find((p) => p.titulo === 'Martes y jueves')).toMatchObject(expected);
    // Old rows read as every day, from the start, with no conditions.
    const viejo = (await list(t, 'categoria=Kiosco')).items[0]!;
    expect(viejo).toMatchObject({ dias: [], desde: null, mediosPago: [], tope: null, compraMinima: null });
  });

  it('refuses amounts that are not positive pesos and a start after the expiry, in Spanish', async () => {
    const cases: Array<[object, string]> = [
      [{ tope: 0 }, 'El tope debe ser un monto positivo.'],
      [{ tope: -100 }, 'El tope debe ser un monto positivo.'],
      [{ compraMinima: 10.5 }, 'La compra mínima debe ser un monto en pesos, sin centavos.'],
      [{ compraMinima: '5000' }, 'La compra mínima debe ser un monto en pesos.'],
      // Past 2^53 (a row of nines): too much, not "with cents".
      [{ compraMinima: 1e20 }, 'La compra mínima puede ser como máximo $ 100.000.000.'],
      [{ descuento: '150%' }, 'Revisá el descuento: un porcentaje no puede ser de más del 100 %.'],
      [{ descuento: '0%' }, 'Revisá el descuento: un descuento de cero no es una promoción.'],
      [{ desde: '2027-01-01' }, 'La fecha de inicio no puede ser posterior a la de vencimiento.'],
      [{ desde: '2026-02-30' }, 'La fecha de inicio no es válida.'],
      [{ dias: ['Feriado'] }, 'Día inválido. Elegí entre lunes y domingo.'],
      [
        { mediosPago: ['bitcoin'] },
        'Medio de pago inválido. Debe ser efectivo, débito, crédito, transferencia, Mercado Pago o MODO.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await put(cafe, [{ ...PROMO, titulo: 'Mala', ...fields }]);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // Nothing was replaced by a refused save; start equal to expiry is fine.
    expect((await list(t, 'localidad=Godoy%20Cruz')).items.some((p) => p.titulo === 'Mala')).toBe(false);
    const same = promocionInputSchema.safeParse({ ...PROMO, titulo: 'x', desde: PROMO.fechaVencimiento });
    expect(same.success).toBe(true);
    expect(promocionInputSchema.parse({ ...PROMO, titulo: 'x', desde: '' }).desde).toBeNull();
  });

  it('lists only what applies today in Mendoza, combined with category and locality, a page at a time', async () => {
    // Monday night: "Lunes", the 9 every-day C's and the 10 K's; not Tuesday/Thursday, not the December one.
    const p1 = await list(t, 'hoy=true&page=1');
    const p2 = await list(t, 'hoy=1&page=2');
    const p3 = await list(t, 'hoy=1&page=3');
    expect([p1.items.length, p2.items.length, p3.items.length]).toEqual([PROMO_PAGE_SIZE, PROMO_PAGE_SIZE, 4]);
    expect(p3.hasMore).toBe(false);
    const lunes = [...titles(p1), ...titles(p2), ...titles(p3)];
    expect(lunes).toContain('Lunes');
    expect(lunes).not.toContain('Martes y jueves');
    expect(lunes).not.toContain('Desde diciembre');
    const godoy = await list(t, 'hoy=1&localidad=Godoy%20Cruz&categoria=Caf%C3%A9&page=2');
    expect(titles(godoy)).toEqual(['C7', 'C8']);
    expect((await list(t, 'hoy=1&localidad=Godoy%20Cruz&categoria=Kiosco')).items).toEqual([]);

    // Midnight in Mendoza: Tuesday.
    t.setNow(MARTES);
    const martes = titles(await list(t, 'hoy=1&localidad=Godoy%20Cruz'));
    expect(martes[0]).toBe('Martes y jueves');
    expect(martes).not.toContain('Lunes');
    // The unfiltered list still lists every visible promotion.
    expect((await list(t, 'localidad=Godoy%20Cruz&page=2')).items.map((p) => p.titulo)).toContain('C7');
    t.setNow(new Date('2026-12-01T03:00:00Z'));
    expect(titles(await list(t, 'hoy=1&localidad=Godoy%20Cruz'))).toContain('Desde diciembre');
    t.setNow(LUNES_NOCHE);
  });

  it('refuses an unknown value of hoy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/promociones?hoy=si' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('El filtro hoy solo puede valer 1.');
  });

  it('never serves yesterday\'s "today" from the public cache', async () => {
    const before = titles(await list(cached, 'hoy=1&localidad=Godoy%20Cruz'));
    expect(before).toContain('Lunes');
    cached.setNow(MARTES);
    const after = titles(await list(cached, 'hoy=1&localidad=Godoy%20Cruz'));
    expect(after).toContain('Martes y jueves');
    expect(after).not.toContain('Lunes');
    cached.setNow(LUNES_NOCHE);
  });

  it('fills the featured strip with what applies today first', async () => {
    const strip = async (app: TestApp, qs = '') => {
      const res = await app.app.inject({ method: 'GET', url: `/api/promociones/destacadas?${qs}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: PromocionCard[] }>().items.map((p) => p.titulo);
    };
    // Only the café's: "Martes y jueves" expires soonest but waits behind what applies on Monday.
    expect(await strip(t, 'localidad=Godoy%20Cruz')).toEqual(['Lunes', 'C0', 'C1', 'C2', 'C3', 'C4']);
    t.setNow(MARTES);
    expect(await strip(t, 'localidad=Godoy%20Cruz')).toEqual(['Martes y jueves', 'C0', 'C1', 'C2', 'C3', 'C4']);
    t.setNow(LUNES_NOCHE);
    expect(await strip(t)).toHaveLength(FEATURED_PROMO_LIMIT);
    // Through the cache as well, the strip follows the Mendoza date.
    expect((await strip(cached, 'localidad=Godoy%20Cruz'))[0]).toBe('Lunes');
    cached.setNow(MARTES);
    expect((await strip(cached, 'localidad=Godoy%20Cruz'))[0]).toBe('Martes y jueves');
    cached.setNow(LUNES_NOCHE);
  });

  it('keeps only today\'s promotions in the strip with home\'s "Hoy" toggle, combined with the filters', async () => {
    const strip = async (qs: string) => {
      const res = await cached.app.inject({ method: 'GET', url: `/api/promociones/destacadas?${qs}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: PromocionCard[] }>().items.map((p) => p.titulo);
    };
    // Monday: the featured kiosco's every-day promotions fill it first.
    expect(await strip('hoy=1')).toEqual(['K0', 'K1', 'K2', 'K3', 'K4', 'K5']);
    cached.setNow(new Date('2026-11-26T15:00:00Z')); // Thursday 26 November
    // Only the café's, and on Thursday the Monday one is gone while "Martes y jueves" comes in.
    expect(await strip('hoy=1&localidad=Godoy%20Cruz&categoria=Caf%C3%A9')).toEqual([
      'Martes y jueves',
      'C0',
      'C1',
      'C2',
      'C3',
      'C4',
    ]);
    // A combination with nothing for today is an empty strip, not the other days' promotions.
    expect(await strip('hoy=1&localidad=Godoy%20Cruz&categoria=Kiosco')).toEqual([]);
    const res = await cached.app.inject({ method: 'GET', url: '/api/promociones/destacadas?hoy=no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('El filtro hoy solo puede valer 1.');
    cached.setNow(LUNES_NOCHE);
  });
});
