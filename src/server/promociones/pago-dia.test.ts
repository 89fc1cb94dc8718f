import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PromocionCard } from '#shared/api';
import { MEDIOS_PAGO } from '#shared/rules/promocion-dias';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';

// 23:59 on Monday 23 November in Mendoza (already Tuesday in UTC).
const LUNES_NOCHE = new Date('2026-11-24T02:59:00Z');
// Beside both businesses (Capital), for "Cerca mío".
const NEAR = 'lat=-32.8894&lng=-68.8458';

describe.each(DATABASE_KINDS)('Promociones by means of payment, bank/card text and weekday on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let cached: TestApp;

  const get = (app: TestApp, qs: string) => app.app.inject({ method: 'GET', url: `/api/promociones?${qs}` });
  const titles = async (qs: string, app: TestApp = t) => {
    const res = await get(app, qs);
    expect(res.statusCode, qs).toBe(200);
    return res.json<Page<PromocionCard>>().items.map((p) => p.titulo);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { now: LUNES_NOCHE });
    cached = await createTestApp(database, { now: LUNES_NOCHE, env: { PUBLIC_CACHE_TTL_MS: '600000' } });
    const ana = await signUp(t.app, 'ana@example.com', 'Ana');
    const cafe = await insertComercio(database.db, LUNES_NOCHE, {
      nombre: 'Café',
      categoria: 'Café',
      localidad: 'Godoy Cruz',
      propietarioId: ana.userId,
      ubicacion: { lat: -32.8895, lng: -68.846 },
    });
    const kiosco = await insertComercio(database.db, LUNES_NOCHE, {
      nombre: 'Kiosco',
      categoria: 'Kiosco',
      localidad: 'Capital',
      propietarioId: ana.userId,
      ubicacion: { lat: -32.8993, lng: -68.7938 },
    });
    const put = async (id: number, promociones: object[]) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/comercios/${id}/promociones`,
        payload: { promociones },
        headers: { origin: TEST_ORIGIN, cookie: ana.cookie },
      });
      expect(res.statusCode).toBe(200);
    };
    const promo = (titulo: string, fechaVencimiento: string, fields: object) => ({
      titulo,
      descuento: '20%',
      fechaVencimiento,
      ...fields,
    });
    await put(cafe, [
      promo('Modo martes', '2026-12-05', { dias: ['Martes'], mediosPago: ['modo'] }),
      promo('Modo y débito', '2026-12-06', { mediosPago: ['debito', 'modo'], medioPagoOtro: 'Banco Nación' }),
      promo('Efectivo lunes', '2026-12-07', { dias: ['Lunes'], mediosPago: ['efectivo'] }),
      promo('Sin medios', '2026-12-08', {}),
    ]);
    await put(kiosco, [
      promo('Kiosco MODO', '2026-12-09', {
        dias: ['Lunes', 'Martes'],
        mediosPago: ['modo'],
        medioPagoOtro: 'Tarjeta Nativa NACIÓN',
      }),
      promo('Kiosco crédito', '2026-12-10', {
        dias: ['Miércoles'],
        mediosPago: ['credito'],
        medioPagoOtro: 'Visa Santander 100% o_k',
      }),
    ]);
  });
  afterAll(async () => {
    await t?.app.close();
    await cached?.app.close();
    await database?.destroy();
  });

  it('keeps the promotions that name the means of payment, and never one that names none', async () => {
    expect(await titles('pago=modo')).toEqual(['Modo martes', 'Modo y débito', 'Kiosco MODO']);
    expect(await titles('pago=efectivo')).toEqual(['Efectivo lunes']);
    expect(await titles('pago=credito')).toEqual(['Kiosco crédito']);
    expect(await titles('pago=mercado-pago')).toEqual([]);
    for (const pago of MEDIOS_PAGO) expect(await titles(`pago=${pago}`)).not.toContain('Sin medios');
  });

  it('keeps the promotions that apply on the weekday (every-day ones included), accents or not', async () => {
    expect(await titles('dia=martes')).toEqual(['Modo martes', 'Modo y débito', 'Sin medios', 'Kiosco MODO']);
    const miercoles = ['Modo y débito', 'Sin medios', 'Kiosco crédito'];
    expect(await titles('dia=miercoles')).toEqual(miercoles);
    expect(await titles('dia=mi%C3%A9rcoles')).toEqual(miercoles);
    expect(await titles('dia=domingo')).toEqual(['Modo y débito', 'Sin medios']);
  });

  it('combines them with each other, "Hoy", category, locality and "Cerca mío"', async () => {
    expect(await titles('pago=modo&dia=lunes')).toEqual(['Modo y débito', 'Kiosco MODO']);
    // Monday night in Mendoza: "Hoy" is Monday's.
    expect(await titles('pago=modo&hoy=1')).toEqual(['Modo y débito', 'Kiosco MODO']);
    expect(await titles('dia=martes&hoy=1')).toEqual(['Modo y débito', 'Sin medios', 'Kiosco MODO']);
    expect(await titles('pago=efectivo&dia=martes')).toEqual([]);
    expect(await titles('pago=modo&categoria=Kiosco')).toEqual(['Kiosco MODO']);
    expect(await titles('pago=modo&localidad=Godoy%20Cruz')).toEqual(['Modo martes', 'Modo y débito']);
    expect(await titles('dia=miercoles&localidad=Capital')).toEqual(['Kiosco crédito']);
    expect(await titles('dia=lunes&categoria=Caf%C3%A9&hoy=1')).toEqual([
      'Modo y débito',
      'Efectivo lunes',
      'Sin medios',
    ]);
    // Nearest business first: the café is beside the visitor, the kiosco farther.
    expect(await titles(`pago=modo&${NEAR}`)).toEqual(['Modo martes', 'Modo y débito', 'Kiosco MODO']);
    expect(await titles(`pago=modo&dia=miercoles&${NEAR}`)).toEqual(['Modo y débito']);
  });

  it('keeps the promotions whose bank/card text holds each word, accents, case and order aside', async () => {
    const nacion = ['Modo y débito', 'Kiosco MODO'];
    expect(await titles('banco=nacion')).toEqual(nacion);
    expect(await titles('banco=Naci%C3%B3n')).toEqual(nacion);
    expect(await titles('banco=%20%20NACION%20')).toEqual(nacion);
    expect(await titles('banco=visa')).toEqual(['Kiosco crédito']);
    expect(await titles('banco=santander%20visa')).toEqual(['Kiosco crédito']);
    expect(await titles('banco=visa%20nacion')).toEqual([]);
    expect(await titles('banco=galicia')).toEqual([]);
    // LIKE's wildcards are text here: "%" and "_" match only themselves.
    expect(await titles('banco=100%25')).toEqual(['Kiosco crédito']);
    expect(await titles('banco=%25')).toEqual(['Kiosco crédito']);
    expect(await titles('banco=o_k')).toEqual(['Kiosco crédito']);
    expect(await titles('banco=n_cion')).toEqual([]);
    // An empty text is no filter.
    expect(await titles('banco=')).toHaveLength(6);
  });

  it('combines the bank/card text with the means of payment, weekday, "Hoy", category, locality and "Cerca mío"', async () => {
    expect(await titles('banco=nacion&pago=modo')).toEqual(['Modo y débito', 'Kiosco MODO']);
    expect(await titles('banco=nacion&pago=debito')).toEqual(['Modo y débito']);
    expect(await titles('banco=visa&pago=modo')).toEqual([]);
    expect(await titles('banco=nacion&dia=miercoles')).toEqual(['Modo y débito']);
    // Monday night in Mendoza: both apply today.
    expect(await titles('banco=nacion&hoy=1')).toEqual(['Modo y débito', 'Kiosco MODO']);
    expect(await titles('banco=visa&hoy=1')).toEqual([]);
    expect(await titles('banco=nacion&categoria=Kiosco')).toEqual(['Kiosco MODO']);
    expect(await titles('banco=nacion&localidad=Godoy%20Cruz')).toEqual(['Modo y débito']);
    expect(await titles('banco=nacion&pago=modo&dia=martes&localidad=Capital&hoy=1')).toEqual(['Kiosco MODO']);
    expect(await titles(`banco=nacion&${NEAR}`)).toEqual(['Modo y débito', 'Kiosco MODO']);
    expect(await titles(`banco=nacion&dia=miercoles&${NEAR}`)).toEqual(['Modo y débito']);
  });

  it('keeps each filter apart in the public cache', async () => {
    expect(await titles('banco=nacion', cached)).toEqual(['Modo y débito', 'Kiosco MODO']);
    expect(await titles('banco=visa', cached)).toEqual(['Kiosco crédito']);
    expect(await titles('banco=nacion&pago=debito', cached)).toEqual(['Modo y débito']);
    expect(await titles('pago=modo', cached)).toEqual(['Modo martes', 'Modo y débito', 'Kiosco MODO']);
    expect(await titles('pago=efectivo', cached)).toEqual(['Efectivo lunes']);
    expect(await titles('dia=miercoles', cached)).toEqual(['Modo y débito', 'Sin medios', 'Kiosco crédito']);
    expect(await titles('dia=lunes&pago=modo', cached)).toEqual(['Modo y débito', 'Kiosco MODO']);
    expect(await titles('', cached)).toHaveLength(6);
  });

  it('refuses anything else in Spanish', async () => {
    const cases: Array<[string, string]> = [
      [
        'pago=bitcoin',
        'Medio de pago inválido. Debe ser efectivo, debito, credito, transferencia, mercado-pago o modo.',
      ],
      [
        'pago=modo&pago=efectivo',
        'Medio de pago inválido. Debe ser efectivo, debito, credito, transferencia, mercado-pago o modo.',
      ],
      ['dia=feriado', 'Día inválido. Debe ser lunes, martes, miercoles, jueves, viernes, sabado o domingo.'],
      ['dia=3', 'Día inválido. Debe ser lunes, martes, miercoles, jueves, viernes, sabado o domingo.'],
      [`banco=${'a'.repeat(81)}`, 'El texto puede tener hasta 80 caracteres.'],
      ['banco=nacion&banco=visa', 'El filtro debe ser un texto.'],
    ];
    for (const [qs, message] of cases) {
      const res = await get(t, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message, qs).toBe(message);
    }
  });
});
