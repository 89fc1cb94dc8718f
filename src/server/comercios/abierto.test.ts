import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComercioMapa, ComercioPage, HorarioDetallado } from '#shared/api';
import { DIAS, type Dia } from '#shared/constants';
import { openStatus } from '#shared/rules/horario';
import { affects, type ComercioChange, type ComercioSnapshot } from '#server/cache/scope';
import { queryRows } from '#server/db/client';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { boundariesOf, hourBoundaries, minuteOfWeek, openByHour, openInHourEstimate, openWindow } from './abierto';

const week = (text: string, overrides: Partial<Record<Dia, string>> = {}) =>
  ({ ...Object.fromEntries(DIAS.map((d) => [d, text])), ...overrides }) as HorarioDetallado;
/** Monday 23 November 2026 in Mendoza (UTC-3, no daylight saving) at hh:mm, plus `days`. */
const mendoza = (hhmm: string, days = 0) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 23 + days, h + 3, m));
};

/** Hours of every shape the owner's form stores, and some it does not (the database must agree with readWeek). */
const HOURS: Record<string, Partial<Record<Dia, string>>> = {
  dosTurnos: week('9:00 - 13:00, 17:00 - 21:00', { Domingo: 'Cerrado' }),
  trasnoche: week('20:00 - 2:00', { Lunes: 'Cerrado' }),
  siempre: week('24 horas'),
  domingoTarde: week('Cerrado', { Domingo: '22:00 - 1:00' }),
  segundoCruza: week('Cerrado', { Viernes: '12:00 - 15:00, 21:00 - 3:00', Sábado: '24 Horas' }),
  hastaMedianoche: week('9:00 - 0:00'),
  todoCerrado: week('Cerrado'),
  ilegible: week('9:00 - 13:00', { Martes: 'de 9 a 13' }),
  tresTurnos: week('8:00 - 9:00, 10:00 - 11:00, 12:00 - 13:00'),
  primeroCruza: week('Cerrado', { Jueves: '22:00 - 2:00, 10:00 - 12:00' }),
  faltanDias: { Miércoles: '10:00 - 18:00' },
  blancos: week(' cerrado ', { Martes: ' 8:00-12:00 ' }),
  ceroInicial: week('09:00-13:00', { Domingo: 'CERRADO' }),
  horaInvalida: week('9:00 - 24:00'),
  minutoCorto: week('9:5 - 13:00'),
  acentos: week('Cérrado', { Lunes: '24 Horas' }),
};

describe.each(DATABASE_KINDS)('"Abierto ahora" on %s', (kind) => {
  const ctx = useTestApp(kind, { now: mendoza('10:00'), env: { PUBLIC_CACHE_TTL_MS: '600000' } });
  const ids: Record<string, number> = {};
  let owner = { cookie: '', userId: '' };
  /** The visitor of "Cerca mío": Godoy Cruz's main square. */
  const VISITOR = { lat: -32.9254, lng: -68.8441 };

  beforeAll(async () => {
    const db = ctx.database.db;
    const now = mendoza('10:00');
    owner = await signUp(ctx.t.app, 'abierto-duenio@example.com');
    ids.manianera = await insertComercio(db, now, {
      nombre: 'Panadería Mañanera',
      categoria: 'Panadería',
      localidad: 'Godoy Cruz',
      horarioDetallado: week('7:00 - 13:00', { Domingo: 'Cerrado' }),
      ubicacion: { lat: -32.9262, lng: -68.8435 },
    });
    ids.tarde = await insertComercio(db, now, {
      nombre: 'Panadería de la Tarde',
      categoria: 'Panadería',
      localidad: 'Capital',
      horarioDetallado: week('9:00 - 13:00, 17:00 - 21:00', { Domingo: 'Cerrado' }),
      ubicacion: { lat: -32.8894, lng: -68.8458 },
    });
    ids.trasnoche = await insertComercio(db, now, {
      nombre: 'Bar Trasnoche',
      categoria: 'Bar',
      localidad: 'Capital',
      horarioDetallado: week('20:00 - 2:00', { Lunes: 'Cerrado' }),
      ubicacion: { lat: -32.8899, lng: -68.846 },
    });
    ids.siempre = await insertComercio(db, now, {
      nombre: 'Farmacia Siempre',
      categoria: 'Farmacia',
      localidad: 'Godoy Cruz',
      horarioDetallado: week('24 horas'),
      ubicacion: { lat: -32.9245, lng: -68.842 },
    });
    ids.diurna = await insertComercio(db, now, {
      nombre: 'Farmacia Diurna',
      categoria: 'Farmacia',
      localidad: 'Capital',
      horarioDetallado: week('8:00 - 20:00', { Sábado: 'Cerrado', Domingo: 'Cerrado' }),
      propietarioId: owner.userId,
    });
    ids.sinHorario = await insertComercio(db, now, {
      nombre: 'Kiosco Sin Horario',
      categoria: 'Kiosco',
      localidad: 'Capital',
      horarioDetallado: week('Cerrado'),
    });
    ids.heladeria = await insertComercio(db, now, {
      nombre: 'Heladería del Domingo',
      categoria: 'Heladería',
      localidad: 'Guaymallen',
      horarioDetallado: week('Cerrado', { Domingo: '22:00 - 1:00' }),
    });
    ids.impaga = await insertComercio(db, now, {
      nombre: 'Farmacia Impaga',
      categoria: 'Farmacia',
      horarioDetallado: week('24 horas'),
      pagadoHaceDias: null,
    });
  });

  const get = async <T>(url: string) => {
    const res = await ctx.t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const names = async (query: string) =>
    (await get<ComercioPage>(`/api/comercios?${query}`)).items.map((c) => c.nombre).sort();
  const pins = async (query: string) =>
    (await get<ComercioMapa>(`/api/comercios/mapa?${query}`)).items.map((c) => c.nombre).sort();
  const at = (instant: Date) => ctx.t.setNow(instant);

  it('reads the per-day hours as readWeek does, at every quarter hour of the week and around each boundary', async () => {
    for (const [name, hours] of Object.entries(HOURS)) {
      const rows = await queryRows<{ m: number; open: boolean | null }>(
        ctx.database.db,
        sql`SELECT m, vidriera_horario_semana(${JSON.stringify(hours)}::jsonb) @> m AS open
            FROM generate_series(0, 10079) AS m
            WHERE m % 15 = 0 OR (m + 1) % 60 = 0 OR (m - 1) % 60 = 0`,
      );
      for (const { m, open } of rows) {
        const instant = new Date(mendoza('0:00').getTime() + Number(m) * 60_000);
        expect(minuteOfWeek(instant)).toBe(Number(m));
        const expected = openStatus(hours, instant)?.open === true;
        expect(open === true, `${name} at minute ${m}`).toBe(expected);
      }
    }
  });

  it('keeps in horas_semana exactly the hours that have an open minute (ADR 060)', async () => {
    for (const [name, hours] of Object.entries(HOURS)) {
      const [row] = await queryRows<{ stored: number[] | null; open: number[] | null }>(
        ctx.database.db,
        sql`SELECT vidriera_horas_semana(vidriera_horario_semana(${JSON.stringify(hours)}::jsonb)) AS stored,
              (SELECT array_agg(DISTINCT m / 60 ORDER BY m / 60) FROM generate_series(0, 10079) AS m
               WHERE vidriera_horario_semana(${JSON.stringify(hours)}::jsonb) @> m) AS open`,
      );
      expect(row!.stored?.map(Number) ?? null, name).toEqual(row!.open?.map(Number) ?? null);
    }
  });

  it('keeps only the businesses open now, in Mendoza time, and never one without hours', async () => {
    at(mendoza('10:00'));
    expect(await names('abierto=1')).toEqual([
      'Farmacia Diurna',
      'Farmacia Siempre',
      'Panadería Mañanera',
      'Panadería de la Tarde',
    ]);
    // Monday 0:30: Sunday's late shifts go on past midnight, the one that wraps the week too.
    at(mendoza('0:30'));
    expect(await names('abierto=1')).toEqual(['Bar Trasnoche', 'Farmacia Siempre', 'Heladería del Domingo']);
    // Saturday 21:30: the afternoon shift closed at 21:00; the bar opened at 20:00.
    at(mendoza('21:30', 5));
    expect(await names('abierto=true')).toEqual(['Bar Trasnoche', 'Farmacia Siempre']);
    // Sunday noon: closed days.
    at(mendoza('12:00', 6));
    expect(await names('abierto=1')).toEqual(['Farmacia Siempre']);
    // Without the filter, everything published.
    expect(await names('')).toHaveLength(7);
  });

  it('combines with the search, the category, the locality and "Cerca mío"', async () => {
    at(mendoza('10:00'));
    expect(await names('abierto=1&q=panaderia')).toEqual(['Panadería Mañanera', 'Panadería de la Tarde']);
    expect(await names('abierto=1&categoria=Farmacia')).toEqual(['Farmacia Diurna', 'Farmacia Siempre']);
    expect(await names('abierto=1&localidad=Capital')).toEqual(['Farmacia Diurna', 'Panadería de la Tarde']);
    expect(await names('abierto=1&q=farmacia&localidad=Godoy%20Cruz')).toEqual(['Farmacia Siempre']);
    const near = `lat=${VISITOR.lat}&lng=${VISITOR.lng}`;
    const cerca = await get<ComercioPage>(`/api/comercios?abierto=1&${near}`);
    // Nearest first, only pins, only open ones.
    expect(cerca.items.map((c) => c.nombre)).toEqual([
      'Panadería Mañanera',
      'Farmacia Siempre',
      'Panadería de la Tarde',
    ]);
    expect(await names(`abierto=1&${near}&q=panaderia`)).toEqual(['Panadería Mañanera', 'Panadería de la Tarde']);
    expect(await names(`abierto=1&${near}&categoria=Panadería&localidad=Capital`)).toEqual(['Panadería de la Tarde']);
    at(mendoza('15:00'));
    expect(await names(`abierto=1&${near}`)).toEqual(['Farmacia Siempre']);
    expect(await names(`abierto=1&${near}&q=panaderia`)).toEqual([]);
  });

  it('filters the results map the same way, with and without "Cerca mío"', async () => {
    at(mendoza('0:30'));
    expect(await pins('abierto=1')).toEqual(['Bar Trasnoche', 'Farmacia Siempre']);
    expect(await pins('abierto=1&localidad=Capital')).toEqual(['Bar Trasnoche']);
    expect(await pins(`abierto=1&lat=${VISITOR.lat}&lng=${VISITOR.lng}`)).toEqual([
      'Bar Trasnoche',
      'Farmacia Siempre',
    ]);
    expect(await pins('abierto=1&q=trasnoche')).toEqual(['Bar Trasnoche']);
    at(mendoza('10:00'));
    expect(await pins('abierto=1&q=trasnoche')).toEqual([]);
  });

  it('reads "farmacia de turno" as the pharmacies open now', async () => {
    at(mendoza('21:00', 1)); // Tuesday 21:00: the day pharmacy closed at 20:00
    expect(await names('q=farmacia%20de%20turno')).toEqual(['Farmacia Siempre']);
    expect(await names('q=farmacia')).toEqual(['Farmacia Diurna', 'Farmacia Siempre']);
    at(mendoza('10:00', 1));
    expect(await names('q=farmacia%20de%20turno')).toEqual(['Farmacia Diurna', 'Farmacia Siempre']);
  });

  it('refuses other values, in Spanish', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios?abierto=si' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('El filtro abierto solo puede valer 1.');
  });

  it('keeps no cached answer past the next opening or closing time, and new hours clear it', async () => {
    // The cache is on in this block: the same window answers from it, the next one is a new key.
    at(mendoza('12:59', 2));
    expect(await names('abierto=1&categoria=Panadería')).toEqual(['Panadería Mañanera', 'Panadería de la Tarde']);
    at(mendoza('13:00', 2));
    expect(await names('abierto=1&categoria=Panadería')).toEqual([]);
    expect(await pins('abierto=1')).toEqual(['Farmacia Siempre']);
    at(mendoza('17:00', 2));
    expect(await names('abierto=1&categoria=Panadería')).toEqual(['Panadería de la Tarde']);
    expect(await pins('abierto=1')).toEqual(['Farmacia Siempre', 'Panadería de la Tarde']);

    // Its owner closes the day pharmacy on Wednesdays at 17:30, a time no business opened or closed at before.
    at(mendoza('17:10', 2));
    expect(await names('abierto=1&categoria=Farmacia')).toEqual(['Farmacia Diurna', 'Farmacia Siempre']);
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${ids.diurna}`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: {
        nombre: 'Farmacia Diurna',
        categorias: ['Farmacia'],
        telefono: '261 412-3456',
        direccion: 'Av. San Martín 1234',
        localidad: 'Capital',
        horario: '',
        horarioDetallado: week('8:00 - 20:00', { Miércoles: '8:00 - 17:30', Sábado: 'Cerrado', Domingo: 'Cerrado' }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('abierto=1&categoria=Farmacia')).toEqual(['Farmacia Diurna', 'Farmacia Siempre']);
    at(mendoza('17:31', 2));
    expect(await names('abierto=1&categoria=Farmacia')).toEqual(['Farmacia Siempre']);
  });

  it('names the open window by the boundaries of every business with hours', async () => {
    const boundaries = await hourBoundaries(ctx.database.db);
    // Monday 7:00 (the bakery opens) and 13:00 (it closes) are boundaries; 10:00 is none.
    expect(boundaries).toContain(7 * 60);
    expect(boundaries).toContain(13 * 60);
    expect(boundaries).not.toContain(10 * 60);
    expect(openWindow(boundaries, mendoza('10:00'))).toBe(openWindow(boundaries, mendoza('12:59')));
    expect(openWindow(boundaries, mendoza('12:59'))).not.toBe(openWindow(boundaries, mendoza('13:00')));
    // The same minutes of another week are another window (the key carries the date).
    expect(openWindow(boundaries, mendoza('10:00'))).not.toBe(openWindow(boundaries, mendoza('10:00', 7)));
  });
});

describe.each(DATABASE_KINDS)('"Abierto ahora" with the statistics of the hours on %s (ADR 060)', (kind) => {
  const ctx = useTestApp(kind, { now: mendoza('10:00') });
  const VISITOR = { lat: -32.9254, lng: -68.8441 };

  beforeAll(async () => {
    const db = ctx.database.db;
    const now = mendoza('10:00');
    const pin = (i: number) => ({ lat: VISITOR.lat + i * 0.001, lng: VISITOR.lng });
    // Twenty day shops and one late bar, all with pins, the nearest first by index.
    for (let i = 1; i <= 20; i++)
      await insertComercio(db, now, {
        nombre: `Almacén ${String(i).padStart(2, '0')}`,
        horarioDetallado: week('9:00 - 20:00'),
        ubicacion: pin(i),
      });
    await insertComercio(db, now, {
      nombre: 'Bar de la Noche',
      horarioDetallado: week('21:00 - 2:00'),
      ubicacion: pin(30),
    });
    await db.execute(sql`ANALYZE comercios`);
  });

  const near = `lat=${VISITOR.lat}&lng=${VISITOR.lng}`;
  const nearNames = async (query: string) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/comercios?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ComercioPage>().items.map((c) => c.nombre);
  };

  it('counts the open in an hour as the planner does', async () => {
    expect(await openInHourEstimate(ctx.database.db, mendoza('12:00', 1))).toBe(20);
    expect(await openInHourEstimate(ctx.database.db, mendoza('23:00', 1))).toBe(1);
  });

  it('"Cerca mío" answers the same, nearest first, when few are open and when most are', async () => {
    ctx.t.setNow(mendoza('23:00', 1));
    expect(await nearNames(`abierto=1&${near}`)).toEqual(['Bar de la Noche']);
    ctx.t.setNow(mendoza('12:00', 1));
    const noon = await nearNames(`abierto=1&${near}`);
    expect(noon.slice(0, 3)).toEqual(['Almacén 01', 'Almacén 02', 'Almacén 03']);
    expect(noon).not.toContain('Bar de la Noche');
    ctx.t.setNow(mendoza('20:30', 1));
    expect(await nearNames(`abierto=1&${near}`)).toEqual([]);
  });
});

describe('the statistics of the hours', () => {
  it('give each listed hour its share and an unlisted one half the smallest, at most 0.5 %', () => {
    // pg_stats: elements 9 and 10, their shares, then the smallest and the largest share and the null share.
    const byHour = openByHour(1000, [9, 10], [0.8, 0.02, 0.02, 0.8, 0]);
    expect(byHour).toHaveLength(168);
    expect(byHour[9]).toBe(800);
    expect(byHour[10]).toBe(20);
    expect(byHour[22]).toBe(5);
    expect(openByHour(1000, [9], [0.004, 0.004, 0.004, 0])[3]).toBe(2);
  });
});

describe('what a change of hours clears', () => {
  const snapshot = (horario?: string | null): ComercioSnapshot => ({
    published: true,
    categorias: ['Farmacia'],
    localidad: 'Capital',
    destacado: false,
    searchText: 'farmacia diurna',
    promoTexts: [],
    sortName: 'farmacia diurna',
    lat: null,
    lng: null,
    ...(horario !== undefined ? { horario } : {}),
  });
  const change = (before: string | null | undefined, after: string | null | undefined): ComercioChange => ({
    id: 7,
    before: snapshot(before),
    after: snapshot(after),
    comercio: true,
    promociones: false,
  });

  it('reaches every "Abierto ahora" list of its filters, not only the pages showing it', () => {
    const open = { kind: 'comercios' as const, categoria: 'Farmacia', abierto: true as const, ids: [1, 2] };
    const plain = { kind: 'comercios' as const, categoria: 'Farmacia', ids: [1, 2] };
    expect(affects(open, change('{[480,1200)}', '{[480,1050)}'))).toBe(true);
    expect(affects(plain, change('{[480,1200)}', '{[480,1050)}'))).toBe(false);
    // Same hours: only the pages showing it, as before.
    expect(affects(open, change('{[480,1200)}', '{[480,1200)}'))).toBe(false);
    // A writer that did not read the hours: assumed changed.
    expect(affects(open, change(undefined, undefined))).toBe(true);
  });

  it('reads the boundaries of a stored week', () => {
    expect(boundariesOf('{[0,120),[480,1200),[9840,10080)}')).toEqual([0, 120, 480, 1200, 9840, 0]);
    expect(boundariesOf(null)).toEqual([]);
  });
});
