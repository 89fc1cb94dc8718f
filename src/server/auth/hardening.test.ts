import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIDI_CONTROLS_MESSAGE } from '#shared/schemas/text';
import { COMERCIO_MESSAGES } from '#shared/schemas/comercio';
import { PROMO_MISSING_DATA } from '#shared/schemas/promocion';
import { queryRows } from '#server/db/client';
import { cookieHeader, signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY, MINIMAL_PROMO_BODY } from '#test/server/fixtures';

/** Zero-width space and joiner, BOM, Hangul filler, blank braille, word joiner, combining grapheme joiner. */
const INVISIBLE_NAMES = ['\u200B\u200B', '\u200D', '\uFEFF\u200B', '\u3164', '\u2800\u2800', '\u2060', ' \u034F '];
const BIDI_NAMES = ['Kiosco \u202Egnp.exe', '\u202DKiosco', 'Kiosco\u2066x\u2069', '\u202BLuz'];
const ENGLISH = /\b(expected|Invalid|Too (big|small)|Required|received|Unrecognized|must)\b/;

describe.each(DATABASE_KINDS)('accounts and text hardening on %s', (kind) => {
  const ctx = useTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  let owner: { cookie: string; userId: string };
  beforeAll(async () => {
    owner = await signUp(ctx.t.app, 'duena@example.com', 'Kiosco Luz');
  });
  const post = (url: string, payload: unknown, cookie?: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('never puts the session token in a JSON body (sign-up, sign-in, get-session); the cookie still works', async () => {
    const up = await post('/api/auth/sign-up/email', {
      email: 'token@example.com',
      password: 'secreto123',
      name: 'Token',
    });
    const cookieToken = cookieHeader(up.headers['set-cookie']).match(/better-auth\.session_token=([^.;]+)/)![1]!;
    const inn = await post('/api/auth/sign-in/email', { email: 'token@example.com', password: 'secreto123' });
    const cookie = cookieHeader(inn.headers['set-cookie']);
    const me = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    for (const res of [up, inn, me]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { email: 'token@example.com' } });
      expect(res.json().token).toBeUndefined();
      expect(res.json().session?.token).toBeUndefined();
      expect(res.body).not.toContain(cookieToken);
      expect(res.body).not.toContain(cookie.match(/session_token=([^.;]+)/)![1]!);
    }
    expect(me.json().session).toMatchObject({ userId: me.json().user.id }); // the rest of the session is still there
  });

  it('refuses account and business names made only of invisible characters, or with bidi overrides', async () => {
    for (const name of INVISIBLE_NAMES) {
      const res = await post('/api/auth/sign-up/email', {
        email: `inv${INVISIBLE_NAMES.indexOf(name)}@example.com`,
        password: 'secreto123',
        name,
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error.message).toBe('Ingresá el nombre del comercio');
      const biz = await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, nombre: name }, owner.cookie);
      expect(biz.statusCode, JSON.stringify(name)).toBe(400);
      expect(biz.json().error.message).toBe(COMERCIO_MESSAGES.nombre);
    }
    for (const name of BIDI_NAMES) {
      const res = await post('/api/auth/sign-up/email', {
        email: `bidi${BIDI_NAMES.indexOf(name)}@example.com`,
        password: 'secreto123',
        name,
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error.message).toBe(BIDI_CONTROLS_MESSAGE);
      for (const field of ['nombre', 'direccion', 'descripcion', 'horario']) {
        const biz = await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, [field]: name }, owner.cookie);
        expect(biz.statusCode, `${field} ${JSON.stringify(name)}`).toBe(400);
        expect(biz.json().error.message).toBe(BIDI_CONTROLS_MESSAGE);
      }
    }
    const users = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM "user" WHERE email LIKE 'inv%' OR email LIKE 'bidi%'`,
    );
    expect(users[0]!.n).toBe(0);
    // Accents, ñ, emoji and Arabic or Hebrew letters themselves are fine.
    for (const nombre of ['Panadería Ñandú', 'Café ☕', 'مخبز', 'Kiosco\u00A0Luz']) {
      expect(
        (await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, nombre }, owner.cookie)).statusCode,
        nombre,
      ).toBe(201);
    }
  });

  it('refuses promotion texts made only of invisible characters or with bidi overrides', async () => {
    const id = (await post('/api/comercios', MINIMAL_COMERCIO_BODY, owner.cookie)).json().id as number;
    const cases: Array<[object, string]> = [
      [{ titulo: '\u200B' }, PROMO_MISSING_DATA],
      [{ descuento: '\u3164' }, PROMO_MISSING_DATA],
      [{ titulo: '2x1 \u202E' }, BIDI_CONTROLS_MESSAGE],
      [{ descripcion: '\u200B\u200B' }, 'El texto no puede tener solo caracteres invisibles.'],
    ];
    for (const [patch, message] of cases) {
      const res = await ctx.t.app.inject({
        method: 'PUT',
        url: `/api/comercios/${id}/promociones`,
        payload: { promociones: [{ ...MINIMAL_PROMO_BODY, ...patch }] },
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('requires digits in phone and WhatsApp', async () => {
    for (const patch of [{ telefono: '....' }, { telefono: '( ) - -' }, { telefono: '+54' }, { whatsapp: '....' }]) {
      const res = await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, ...patch }, owner.cookie);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      // Each field's message names it (a bad WhatsApp said "El teléfono…": a stranger's round).
      expect(res.json().error.message).toBe(
        'whatsapp' in patch
          ? 'Ingresá un WhatsApp con al menos 6 números.'
          : 'Ingresá un teléfono con al menos 6 números.',
      );
    }
    expect(
      (
        await post(
          '/api/comercios',
          { ...MINIMAL_COMERCIO_BODY, telefono: '(0261) 15 412-3456', whatsapp: '' },
          owner.cookie,
        )
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a WhatsApp without its area code: its link would open a chat with nobody', async () => {
    for (const whatsapp of ['412-3456', '15 412-3456', '261 412-34567']) {
      const res = await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, whatsapp }, owner.cookie);
      expect(res.statusCode, whatsapp).toBe(400);
      expect(res.json().error.message).toBe('Ingresá el WhatsApp con la característica, por ejemplo 261 555-1234.');
    }
    for (const whatsapp of [
      '261 555-1234',
      '0261 15 555-1234',
      '+54 9 261 555-1234',
      '+54 261 15 555-1234',
      '(0263) 442-1234',
      '+1 (555) 123-4567',
    ]) {
      const res = await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, whatsapp }, owner.cookie);
      expect(res.statusCode, whatsapp).toBe(201);
    }
  });

  it('copies the phone to an empty WhatsApp only when it can be one, so an edit never refuses a WhatsApp nobody typed', async () => {
    // A local number is a fine phone (a call works) but no WhatsApp: registered, then saved again unchanged.
    const body = { ...MINIMAL_COMERCIO_BODY, telefono: '420-1234', whatsapp: '' };
    const created = await post('/api/comercios', body, owner.cookie);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const editable = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/comercios/${id}/editar`,
      headers: { cookie: owner.cookie },
    });
    expect(editable.json()).toMatchObject({ telefono: '420-1234', whatsapp: '' });
    const saved = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { ...body, promociones: [] },
    });
    expect(saved.statusCode).toBe(200);
    // A phone that can be a WhatsApp is still copied (spec §5); a 0800 is not, and is refused as a WhatsApp.
    const mobile = await post(
      '/api/comercios',
      { ...MINIMAL_COMERCIO_BODY, telefono: '261 555-1234', whatsapp: '' },
      owner.cookie,
    );
    expect(mobile.json()).toMatchObject({ whatsapp: '261 555-1234' });
    const tollFree = await post(
      '/api/comercios',
      { ...MINIMAL_COMERCIO_BODY, telefono: '0800 555 1234', whatsapp: '' },
      owner.cookie,
    );
    expect(tollFree.json()).toMatchObject({ whatsapp: '' });
    const refused = await post('/api/comercios', { ...MINIMAL_COMERCIO_BODY, whatsapp: '0800 555 1234' }, owner.cookie);
    expect(refused.json().error.message).toBe(
      'Un 0800 o un 0810 no recibe WhatsApp: ingresá un celular, por ejemplo 261 555-1234.',
    );
  });

  it('answers every validation failure in Spanish, wrong types and numbers out of range included', async () => {
    const id = (await post('/api/comercios', MINIMAL_COMERCIO_BODY, owner.cookie)).json().id as number;
    const messages: string[] = [];
    for (const url of [
      '/api/comercios?page=99999',
      '/api/comercios?page=abc',
      '/api/comercios?page=0',
      '/api/promociones?page=1.5',
      '/api/comercios?q=' + 'x'.repeat(200),
      '/api/comercios?page=1&page=2',
      // One address per business: no hex, padded or decimal spellings of its id.
      `/api/comercios/0x${id.toString(16)}`,
      `/api/comercios/${id}.0`,
      `/api/comercios/%20${id}`,
    ]) {
      const res = await ctx.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      messages.push(res.json().error.message);
    }
    expect(messages[0]).toBe('La página puede ser como máximo 10000.');
    expect(messages.slice(5)).toEqual([
      'Indicá una sola página.',
      'Identificador inválido.',
      'Identificador inválido.',
      'Identificador inválido.',
    ]);
    const bodies: unknown[] = [
      { ...MINIMAL_COMERCIO_BODY, nombre: 42 },
      { ...MINIMAL_COMERCIO_BODY, categorias: 'Kiosco' },
      { ...MINIMAL_COMERCIO_BODY, categorias: [1, 2] },
      { ...MINIMAL_COMERCIO_BODY, horarioDetallado: { Lunes: 9 } },
      { ...MINIMAL_COMERCIO_BODY, horarioDetallado: 'todo el día' },
      { ...MINIMAL_COMERCIO_BODY, servicios: 7 },
      { ...MINIMAL_COMERCIO_BODY, galeria: 'x' },
      { ...MINIMAL_COMERCIO_BODY, imagen: 5 },
      { ...MINIMAL_COMERCIO_BODY, email: 'no-es-email' },
      [],
    ];
    for (const body of bodies) {
      const res = await post('/api/comercios', body, owner.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      messages.push(res.json().error.message);
    }
    const promos: unknown[] = [
      [{ ...MINIMAL_PROMO_BODY, activa: 'si' }],
      [{ ...MINIMAL_PROMO_BODY, titulo: 5 }],
      [{ ...MINIMAL_PROMO_BODY, imagen: {} }],
      'nada',
      Array.from({ length: 51 }, () => MINIMAL_PROMO_BODY),
    ];
    for (const promociones of promos) {
      const res = await ctx.t.app.inject({
        method: 'PUT',
        url: `/api/comercios/${id}/promociones`,
        payload: { promociones },
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      });
      expect(res.statusCode, JSON.stringify(promociones).slice(0, 80)).toBe(400);
      messages.push(res.json().error.message);
    }
    expect(messages[messages.length - 5]).toBe('El estado de la promoción (activa) debe ser verdadero o falso.');
    for (const [payload, url] of [
      [{ email: 5, password: 'secreto123' }, '/api/auth/sign-in/email'],
      [{ email: 'a@example.com', password: ['x'] }, '/api/auth/sign-in/email'],
      [{ email: 'a@example.com', password: 'secreto123', name: null }, '/api/auth/sign-up/email'],
      [{ type: 'online' }, '/api/payments/process_order'],
    ] as const) {
      const res = await post(url, payload, owner.cookie);
      expect(res.statusCode, url).toBe(400);
      messages.push(res.json().error.message);
    }
    for (const m of messages) expect(m, m).not.toMatch(ENGLISH);
  });
});
