import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { jsonDepth, MAX_BODY_DEPTH } from './body-depth';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('jsonDepth', () => {
  it('counts nesting of objects and arrays, scalars are depth 0', () => {
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(jsonDepth(JSON.parse(nested(100000)))).toBe(100000);
  });
  it('stops counting past the limit', () => {
    expect(jsonDepth(JSON.parse(nested(1000)), 5)).toBe(6);
  });
});

describe.each(DATABASE_KINDS)('deeply nested JSON bodies on %s', (kind) => {
  const ctx = useTestApp(kind);
  let cookie = '';
  beforeAll(async () => {
    cookie = (await signUp(ctx.t.app, 'hondo@example.com')).cookie;
  });

  // Found by the route fuzz: Better Auth answered 500 to a guest posting 5,000 nested arrays.
  it.each(['/api/auth/update-session', '/api/auth/unlink-account', '/api/comercios', '/api/payments/process_order'])(
    '%s refuses them with a Spanish 400',
    async (url) => {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url,
        payload: nested(5000),
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'body_too_deep', message: 'Los datos enviados tienen demasiados niveles anidados.' },
      });
    },
  );

  it('still accepts a real form (a business with its promotions)', async () => {
    expect(jsonDepth({ promociones: [{ titulo: 'x' }], horarioDetallado: { Lunes: '9' } })).toBeLessThan(
      MAX_BODY_DEPTH,
    );
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/comercios',
      payload: {
        nombre: 'Hondo',
        categorias: ['Almacén'],
        telefono: '261 412-3456',
        direccion: 'Perú 1',
        localidad: 'Capital',
        horarioDetallado: { Lunes: '9:00 - 13:00' },
      },
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(res.statusCode).toBe(201);
  });
});
