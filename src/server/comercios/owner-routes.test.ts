import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comercio, ComercioEditable } from '#shared/api';
import { PROMO_REPEATED } from '#shared/schemas/promocion';
import { queryRows } from '#server/db/client';
import { comercios, imagenes, promociones } from '#server/db/schema';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { pngImage } from '#test/server/imagenes';

const VALID = {
  nombre: 'Verdulería Doña Rosa',
  categorias: ['Verdulería', 'Frutería', 'Verdulería'],
  telefono: '261 412-3456',
  direccion: 'Belgrano 567',
  localidad: 'Godoy Cruz',
  descripcion: 'Frutas y verduras frescas todos los días.',
  horario: '',
  horarioDetallado: { Lunes: '8:00 - 13:00', Martes: '  ' },
  email: 'rosa@example.com',
  whatsapp: '',
  servicios: ' Delivery, , Pago con QR,Delivery ',
};

// The promotions below expire in the weeks after this day: a fixed clock keeps them current whenever the suite runs.
const NOW = new Date('2026-11-22T15:00:00Z');

describe.each(DATABASE_KINDS)('owner API on %s', (kind) => {
  const ctx = useTestApp(kind, { now: NOW });
  let ana = { cookie: '', userId: '' };
  let beto = { cookie: '', userId: '' };

  beforeAll(async () => {
    ana = await signUp(ctx.t.app, 'ana@example.com', 'Verdulería Doña Rosa');
    beto = await signUp(ctx.t.app, 'beto@example.com', 'Kiosco Beto');
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    ctx.t.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const create = async (cookie: string, body: object = VALID) => {
    const res = await call('POST', '/api/comercios', cookie, body);
    expect(res.statusCode).toBe(201);
    return res.json<Comercio>();
  };
  const snapshot = async (id: number) => ({
    comercio: (
      await ctx.database.db
        .select()
        .from(comercios)
        .where(sql`id = ${id}`)
    )[0],
    promos: await ctx.database.db
      .select()
      .from(promociones)
      .where(sql`comercio_id = ${id}`)
      .orderBy(promociones.id),
  });

  it('refuses guests', async () => {
    expect((await call('POST', '/api/comercios', null, VALID)).statusCode).toBe(401);
    expect((await call('GET', '/api/mis-comercios', null)).statusCode).toBe(401);
  });

  it('creates an unpublished business owned by the session user, normalised as the spec says', async () => {
    const c = await create(ana.cookie, {
      ...VALID,
      pagoStatus: true,
      pago_status: true,
      fechaPago: '2026-11-01T00:00:00Z',
      destacado: true,
      rating: 5,
      propietarioId: beto.userId,
      propietario_id: beto.userId,
    });
    expect(c).toMatchObject({
      pagoStatus: false,
      fechaPago: null,
      destacado: false,
      rating: 0,
      categoria: 'Verdulería, Frutería',
      // Left empty: derived from the per-day hours (ADR 006).
      horario: 'Lun 8:00 - 13:00',
      whatsapp: '261 412-3456',
      servicios: ['Delivery', 'Pago con QR'],
      distancia: '-- km',
    });
    expect(c.horarioDetallado).toEqual({
      Lunes: '8:00 - 13:00',
      Martes: 'Cerrado',
      Miércoles: 'Cerrado',
      Jueves: 'Cerrado',
      Viernes: 'Cerrado',
      Sábado: 'Cerrado',
      Domingo: 'Cerrado',
    });
    const { comercio } = await snapshot(c.id);
    expect(comercio!.propietarioId).toBe(ana.userId);
    // Not published: invisible to the public, listed for its owner.
    expect((await call('GET', `/api/comercios/${c.id}`, null)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/mis-comercios', ana.cookie)).json<{ items: Comercio[] }>();
    expect(mine.items.map((x) => x.id)).toContain(c.id);
    const bethos = (await call('GET', '/api/mis-comercios', beto.cookie)).json<{ items: Comercio[] }>();
    expect(bethos.items.map((x) => x.id)).not.toContain(c.id);
  });

  it('stores per-day hours canonically and keeps the spec defaults when nothing is known', async () => {
    const shifts = await create(ana.cookie, {
      ...VALID,
      horario: '',
      horarioDetallado: { Viernes: ' 20:00-02:00 ', Sábado: '09:00 - 13:00,17:00 - 21:00', Domingo: '24 horas' },
    });
    expect(shifts.horarioDetallado).toMatchObject({
      Lunes: 'Cerrado',
      Viernes: '20:00 - 2:00',
      Sábado: '9:00 - 13:00, 17:00 - 21:00',
      Domingo: '24 horas',
    });
    expect(shifts.horario).toBe('Vie 20:00 - 2:00, Sáb 9:00 - 13:00 y 17:00 - 21:00, Dom las 24 horas');
    const nothing = await create(ana.cookie, { ...VALID, horario: '', horarioDetallado: {} });
    expect(nothing.horario).toBe('Consultar horarios');
    expect(Object.values(nothing.horarioDetallado)).toEqual(Array(7).fill('Cerrado'));
    const ownWords = await create(ana.cookie, { ...VALID, horario: 'Todos los días 7 a 23', horarioDetallado: {} });
    expect(ownWords.horario).toBe('Todos los días 7 a 23');
  });

  it('checks every field with the spec messages, in the spec order, and writes nothing', async () => {
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM comercios`);
    const cases: Array<[object, string]> = [
      [{}, 'Por favor ingresa el nombre del comercio.'],
      [{ ...VALID, nombre: '   ' }, 'Por favor ingresa el nombre del comercio.'],
      [{ ...VALID, categorias: [] }, 'Por favor selecciona al menos una categoría para el comercio.'],
      [{ ...VALID, categorias: [], telefono: '' }, 'Por favor selecciona al menos una categoría para el comercio.'],
      [{ ...VALID, telefono: '' }, 'Por favor ingresa un número de teléfono.'],
      [{ ...VALID, direccion: '' }, 'Por favor ingresa la dirección del comercio.'],
      [{ ...VALID, localidad: '' }, 'Por favor selecciona una localidad.'],
      [{ ...VALID, localidad: 'Maipú' }, 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.'],
      [{ ...VALID, email: 'no-es-mail' }, 'Email inválido'],
      [{ ...VALID, nombre: 'x'.repeat(121) }, 'El nombre puede tener hasta 120 caracteres.'],
      [{ ...VALID, telefono: 'llamame' }, 'El teléfono solo puede tener números, espacios, +, paréntesis y guiones.'],
      [
        { ...VALID, horarioDetallado: { Lunes: 'de 8 a 13' } },
        'El horario del Lunes no es válido: elegí «Cerrado», «24 horas» o uno o dos turnos (por ejemplo, 9:00 - 13:00, 17:00 - 21:00).',
      ],
      [
        { ...VALID, horarioDetallado: { Martes: '9:00 - 9:00' } },
        'En el Martes, un turno no puede abrir y cerrar a la misma hora.',
      ],
      [
        { ...VALID, horarioDetallado: { Jueves: '8:00 - 9:00, 10:00 - 11:00, 12:00 - 13:00' } },
        'El Jueves admite uno o dos turnos.',
      ],
      [
        { ...VALID, horarioDetallado: { Viernes: '17:00 - 21:00, 9:00 - 13:00' } },
        'En el Viernes, el segundo turno tiene que empezar después de que termine el primero.',
      ],
      [{ ...VALID, imagen: '../../etc/passwd' }, 'El archivo debe ser una imagen (JPEG, PNG, GIF o WEBP)'],
      [{ ...VALID, imagen: 'f'.repeat(32) }, 'Una de las imágenes ya no está disponible. Volvé a subirla.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/comercios', ana.cookie, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const after = await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM comercios`);
    expect(after).toEqual(before);
  });

  it('lets only the owner read the edit form, update, save promotions or delete; others change nothing', async () => {
    const c = await create(ana.cookie);
    await call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, {
      promociones: [{ titulo: '2x1', descuento: '50%', fechaVencimiento: '2026-12-31' }],
    });
    const before = await snapshot(c.id);
    const attempts = [
      call('GET', `/api/comercios/${c.id}/editar`, beto.cookie),
      call('PUT', `/api/comercios/${c.id}`, beto.cookie, { ...VALID, nombre: 'Robado' }),
      call('PUT', `/api/comercios/${c.id}/promociones`, beto.cookie, { promociones: [] }),
      call('DELETE', `/api/comercios/${c.id}`, beto.cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Solo el dueño del comercio puede hacer esto.');
    }
    for (const res of [
      await call('PUT', `/api/comercios/${c.id}`, null, VALID),
      await call('DELETE', `/api/comercios/${c.id}`, null),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('updates the fields but keeps payment, owner, featuring and rating whatever the request says', async () => {
    const c = await create(ana.cookie);
    await ctx.database.db.execute(
      sql`UPDATE comercios SET pago_status = true, fecha_pago = '2026-11-20T12:00:00Z', destacado = true, rating = 4.5 WHERE id = ${c.id}`,
    );
    const res = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
      ...VALID,
      nombre: 'Verdulería Nueva',
      pagoStatus: false,
      pago_status: false,
      fechaPago: null,
      destacado: false,
      rating: 1,
      propietarioId: beto.userId,
    });
    expect(res.statusCode).toBe(200);
    const { comercio } = await snapshot(c.id);
    expect(comercio).toMatchObject({
      nombre: 'Verdulería Nueva',
      pagoStatus: true,
      destacado: true,
      rating: 4.5,
      propietarioId: ana.userId,
    });
    expect(comercio!.fechaPago!.toISOString()).toBe('2026-11-20T12:00:00.000Z');
  });

  it('saves the business and its promotion list together, replacing the old list', async () => {
    const c = await create(ana.cookie);
    const first = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
      ...VALID,
      promociones: [
        {
          titulo: 'Martes de verdes',
          descripcion: '20% en verduras de hoja',
          descuento: '20%',
          fechaVencimiento: '2026-12-15',
        },
        { titulo: 'Combo frutas', descripcion: '', descuento: '$500 de descuento', fechaVencimiento: '2026-12-01' },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<ComercioEditable>().promociones.map((p) => p.titulo)).toEqual([
      'Combo frutas',
      'Martes de verdes',
    ]);
    const second = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
      ...VALID,
      promociones: [{ titulo: 'Solo esta', descuento: '10%', fechaVencimiento: '2027-01-10' }],
    });
    expect(second.json<ComercioEditable>().promociones.map((p) => p.titulo)).toEqual(['Solo esta']);
    const edit = (await call('GET', `/api/comercios/${c.id}/editar`, ana.cookie)).json<ComercioEditable>();
    expect(edit.promociones).toHaveLength(1);
    expect(edit.promociones[0]).toMatchObject({ titulo: 'Solo esta', activa: true, imagen: null, imagen2: null });
    // A promotion the client left incomplete is refused, never half-saved.
    const bad = await call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, {
      promociones: [{ titulo: 'Sin descuento', fechaVencimiento: '2027-01-10' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Faltan datos obligatorios en esta promoción.');
  });

  it('keeps the id of every promotion that stays, on both save routes (ADR 013)', async () => {
    const c = await create(ana.cookie);
    const first = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
      ...VALID,
      promociones: [
        { titulo: 'Uno', descuento: '10%', fechaVencimiento: '2026-12-01' },
        { titulo: 'Dos', descuento: '20%', fechaVencimiento: '2026-12-02' },
        { titulo: 'Tres', descuento: '30%', fechaVencimiento: '2026-12-03' },
      ],
    });
    const [uno, dos, tres] = first.json<ComercioEditable>().promociones;
    // "Uno" unchanged, "Dos" edited, "Tres" removed, "Cuatro" new.
    const second = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
      ...VALID,
      promociones: [
        uno,
        { ...dos, titulo: 'Dos editada', activa: false },
        { titulo: 'Cuatro', descuento: '40%', fechaVencimiento: '2026-12-04', id: null },
      ],
    });
    expect(second.statusCode).toBe(200);
    const saved = second.json<ComercioEditable>().promociones;
    expect(saved.map((p) => [p.id, p.titulo, p.activa])).toEqual([
      [uno!.id, 'Uno', true],
      [dos!.id, 'Dos editada', false],
      [expect.any(Number), 'Cuatro', true],
    ]);
    expect([uno!.id, dos!.id, tres!.id]).not.toContain(saved[2]!.id);
    const rows = (await snapshot(c.id)).promos;
    expect(rows.map((p) => p.id)).toEqual(saved.map((p) => p.id));

    const onlyPromos = await call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, {
      promociones: [{ ...saved[2], descuento: '45%' }],
    });
    expect(onlyPromos.statusCode).toBe(200);
    expect(onlyPromos.json().items).toMatchObject([{ id: saved[2]!.id, titulo: 'Cuatro', descuento: '45%' }]);
    expect((await snapshot(c.id)).promos.map((p) => p.id)).toEqual([saved[2]!.id]);

    // The same id twice is refused, and nothing changes.
    const twice = await call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, {
      promociones: [saved[2], saved[2]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(PROMO_REPEATED);
    expect((await snapshot(c.id)).promos).toHaveLength(1);
  });

  it('refuses a new promotion, or a changed expiry, already past in Mendoza; keeps a stored one that expired since', async () => {
    const c = await create(ana.cookie);
    const put = (promos: object[]) =>
      call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, { promociones: promos });
    const pasada = await put([{ titulo: 'Del 2001', descuento: '10%', fechaVencimiento: '2001-01-01' }]);
    expect(pasada.statusCode).toBe(400);
    expect(pasada.json().error.message).toBe(
      'Revisá la promoción «Del 2001»: la fecha de vencimiento ya pasó. Elegí hoy o una fecha posterior.',
    );
    const ayer = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
      ...VALID,
      promociones: [{ titulo: 'Ayer', descuento: '10%', fechaVencimiento: '2026-11-21' }],
    });
    expect(ayer.statusCode).toBe(400);

    // Today is still current; the refused saves wrote nothing (the rows are read at the end).
    const hoy = await put([{ titulo: 'Hoy', descuento: '10%', fechaVencimiento: '2026-11-22' }]);
    expect(hoy.statusCode).toBe(200);
    const [stored] = hoy.json<{ items: Array<{ id: number; fechaVencimiento: string }> }>().items;

    // A day later it has expired: saved again unchanged it stays; moved to another past day it is refused.
    ctx.t.setNow(new Date('2026-11-24T15:00:00Z'));
    try {
      const igual = await put([{ ...stored, titulo: 'Hoy', descuento: '15%' }]);
      expect(igual.statusCode).toBe(200);
      const movida = await put([{ ...stored, titulo: 'Hoy', descuento: '15%', fechaVencimiento: '2026-11-23' }]);
      expect(movida.statusCode).toBe(400);
      const rows = await ctx.database.db
        .select()
        .from(promociones)
        .where(sql`${promociones.comercioId} = ${c.id}`);
      expect(rows.map((r) => [r.titulo, r.descuento, r.fechaVencimiento])).toEqual([['Hoy', '15%', '2026-11-22']]);
    } finally {
      ctx.t.setNow(NOW);
    }
  });

  it("never lets an owner reach another owner's promotion through its id", async () => {
    const rosa = await create(ana.cookie);
    const kiosco = await create(beto.cookie, { ...VALID, nombre: 'Kiosco Beto' });
    const betoSaved = await call('PUT', `/api/comercios/${kiosco.id}/promociones`, beto.cookie, {
      promociones: [{ titulo: 'Promo de Beto', descuento: '5%', fechaVencimiento: '2026-12-31' }],
    });
    const [ajena] = betoSaved.json<{ items: ComercioEditable['promociones'] }>().items;
    const before = await snapshot(kiosco.id);

    const res = await call('PUT', `/api/comercios/${rosa.id}`, ana.cookie, {
      ...VALID,
      promociones: [{ ...ajena, titulo: 'Ahora es de Ana' }],
    });
    expect(res.statusCode).toBe(200);
    const [mine] = res.json<ComercioEditable>().promociones;
    // Saved as a new promotion of Ana's business, with its own id; Beto's row is untouched.
    expect(mine).toMatchObject({ titulo: 'Ahora es de Ana', comercioId: rosa.id });
    expect(mine!.id).not.toBe(ajena!.id);
    expect(await snapshot(kiosco.id)).toEqual(before);
    const again = await call('PUT', `/api/comercios/${rosa.id}/promociones`, ana.cookie, { promociones: [] });
    expect(again.statusCode).toBe(200);
    expect(await snapshot(kiosco.id)).toEqual(before);
  });

  it('leaves the previous promotions intact when saving fails half-way', async () => {
    const c = await create(ana.cookie);
    await call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, {
      promociones: [
        { titulo: 'Vieja 1', descuento: '10%', fechaVencimiento: '2026-12-31' },
        { titulo: 'Vieja 2', descuento: '15%', fechaVencimiento: '2026-12-31' },
      ],
    });
    const before = await snapshot(c.id);
    // A database fault on the third row of the new list: the delete and the first inserts already ran.
    await ctx.database.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.titulo = 'BOOM' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$`),
    );
    await ctx.database.db.execute(
      sql.raw('CREATE TRIGGER promo_boom BEFORE INSERT ON promociones FOR EACH ROW EXECUTE FUNCTION fail_on_boom()'),
    );
    try {
      const res = await call('PUT', `/api/comercios/${c.id}`, ana.cookie, {
        ...VALID,
        nombre: 'Nombre que no debe quedar',
        promociones: [
          { titulo: 'Nueva 1', descuento: '5%', fechaVencimiento: '2026-12-31' },
          { titulo: 'Nueva 2', descuento: '5%', fechaVencimiento: '2026-12-31' },
          { titulo: 'BOOM', descuento: '5%', fechaVencimiento: '2026-12-31' },
        ],
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('Ocurrió un error inesperado. Por favor intentá nuevamente.');
      expect(res.body).not.toContain('simulated');
    } finally {
      await ctx.database.db.execute(sql.raw('DROP TRIGGER promo_boom ON promociones'));
      await ctx.database.db.execute(sql.raw('DROP FUNCTION fail_on_boom()'));
    }
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('deletes a business with its promotions and the images nothing else uses', async () => {
    const upload = async (w: number) => {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/imagenes',
        payload: await pngImage(w, 300),
        headers: { 'content-type': 'image/png', origin: TEST_ORIGIN, cookie: ana.cookie },
      });
      return res.json<{ id: string }>().id;
    };
    const [main, gallery, promoImg] = [await upload(301), await upload(302), await upload(303)];
    const c = await create(ana.cookie, { ...VALID, imagen: main, galeria: [gallery] });
    const other = await create(ana.cookie, { ...VALID, imagen: gallery });
    await call('PUT', `/api/comercios/${c.id}/promociones`, ana.cookie, {
      promociones: [{ titulo: 'Con foto', descuento: '10%', fechaVencimiento: '2026-12-31', imagen: promoImg }],
    });
    const res = await call('DELETE', `/api/comercios/${c.id}`, ana.cookie);
    expect(res.statusCode).toBe(204);
    expect(await snapshot(c.id)).toEqual({ comercio: undefined, promos: [] });
    const left = (await ctx.database.db.select({ id: imagenes.id }).from(imagenes)).map((r) => r.id);
    expect(left).not.toContain(main);
    expect(left).not.toContain(promoImg);
    expect(left).toContain(gallery); // still the other business's main image
    expect((await call('GET', `/api/comercios/${other.id}/editar`, ana.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/comercios/${c.id}`, ana.cookie)).statusCode).toBe(404);
  });

  it('refuses writes from a foreign origin', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/comercios',
      payload: VALID,
      headers: { origin: 'https://evil.example', cookie: ana.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
