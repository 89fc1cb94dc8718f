import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE } from '#shared/schemas/text';
import { buildApp } from '#server/app';
import { queryRows } from '#server/db/client';
import { createLogger } from '#server/logger';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY, MINIMAL_PROMO_BODY } from '#test/server/fixtures';

describe.each(DATABASE_KINDS)('control characters on %s', (kind) => {
  const ctx = useTestApp(kind);
  let cookie: string;
  let logged: string[];
  let logging: FastifyInstance;
  beforeAll(async () => {
    cookie = (await signUp(ctx.t.app, 'nulos@example.com')).cookie;
    // A second app on the same dependencies, logging to memory, with a route whose query fails.
    logged = [];
    logging = await buildApp(ctx.t.deps, {
      webDir: null,
      logger: createLogger({ level: 'info', stream: { write: (line) => void logged.push(line) } }),
    });
    logging.get('/api/prueba-falla', async () =>
      ctx.database.db.execute(sql`SELECT ${'dato-secreto\u0000'}::text AS x`),
    );
  });
  afterAll(async () => {
    await logging?.close();
  });

  it('reads control characters in a search as spaces: a tab pasted into the box searches, none reaches the database', async () => {
    const names = async (url: string) => {
      const res = await ctx.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.json<{ items: Array<{ nombre: string }> }>().items.map((c) => c.nombre);
    };
    const spaced = await names('/api/comercios?q=pan%20casero');
    for (const q of ['pan%09casero', 'pan%00casero', '%1B%5B31mpan%20casero', 'pan%C2%85casero'])
      expect(await names(`/api/comercios?q=${q}`), q).toEqual(spaced);
    expect(await names('/api/comercios/mapa?q=%00')).toBeDefined();
  });

  it('refuses NUL and other control characters in every other public query parameter with 400 and a Spanish message', async () => {
    for (const url of [
      '/api/comercios?categoria=%00',
      '/api/promociones?categoria=%00',
      '/api/promociones?banco=%00',
    ]) {
      const res = await ctx.t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'validation_error', message: CONTROL_CHARS_MESSAGE } });
    }
    const localidad = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios?localidad=%00' });
    expect(localidad.statusCode).toBe(400);
    expect(localidad.json().error.message).toBe('Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.');
  });

  it('refuses control characters in every owner text field, and stores nothing', async () => {
    const bad: Array<Record<string, unknown>> = [
      { nombre: 'Kiosco\u0000Luz' },
      { categorias: ['Kiosco\u0000'] },
      { telefono: '261 400-0000\u0000' },
      { direccion: 'Perú\u00001' },
      { descripcion: 'Abierto\u0000' },
      { horario: '9 a 18\u0007' },
      { horarioDetallado: { Lunes: '9\u0000' } },
      { email: 'a\u0000@example.com' },
      { whatsapp: '261\u0000400-0000' },
      { servicios: ['Delivery\u0000'] },
      { servicios: 'Delivery,\u0000' },
      { nombre: 'Kiosco\nLuz' }, // single-line fields take no line breaks
    ];
    for (const patch of bad) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/comercios',
        payload: { ...MINIMAL_COMERCIO_BODY, ...patch },
        headers: { origin: TEST_ORIGIN, cookie },
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect((await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM comercios`))[0]!.n).toBe(
      0,
    );
    // A description keeps its line breaks.
    const ok = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/comercios',
      payload: { ...MINIMAL_COMERCIO_BODY, descripcion: 'Línea 1\nLínea 2\r\n\tfin' },
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id as number;
    for (const patch of [
      { titulo: '2x1\u0000' },
      { descuento: '\u000050%' },
      { descripcion: 'x\u0000' },
      { fechaVencimiento: '2099-12-31\u0000' },
    ]) {
      const res = await ctx.t.app.inject({
        method: 'PUT',
        url: `/api/comercios/${id}/promociones`,
        payload: { promociones: [{ ...MINIMAL_PROMO_BODY, ...patch }] },
        headers: { origin: TEST_ORIGIN, cookie },
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
    expect(
      (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM promociones`))[0]!.n,
    ).toBe(0);
  });

  it('refuses control characters at sign-up and sign-in', async () => {
    for (const [url, payload] of [
      ['/api/auth/sign-up/email', { email: 'otro@example.com', password: 'secreto123', name: 'Kiosco\u0000' }],
      ['/api/auth/sign-up/email', { email: 'otro\u0000@example.com', password: 'secreto123', name: 'Kiosco' }],
      ['/api/auth/sign-in/email', { email: 'nulos@example.com\u0000', password: 'secreto123' }],
    ] as const) {
      const res = await ctx.t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('never writes the parameters of a failed query to the log', async () => {
    const res = await logging.inject({ method: 'GET', url: '/api/prueba-falla' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toBe('Ocurrió un error inesperado. Por favor intentá nuevamente.');
    const errors = logged
      .map((l) => JSON.parse(l) as { level: number; err?: { query?: string } })
      .filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err?.query).toContain('SELECT'); // the SQL text stays, to find the bug…
    expect(logged.join('\n')).not.toContain('dato-secreto'); // …its parameters never
  });
});
