import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY } from '#test/server/fixtures';
import { rawRequest } from '#test/server/raw-http';

describe.each(DATABASE_KINDS)('origin and content type checks on %s', (kind) => {
  const ctx = useTestApp(kind);
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signUp(ctx.t.app, 'origen@example.com')).cookie;
  });
  const count = async () =>
    (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM comercios`))[0]!.n;

  it('refuses POST /%61pi/comercios from a foreign origin with a valid cookie, and every other spelling of the path', async () => {
    for (const path of [
      '/%61pi/comercios',
      '/api/%63omercios',
      '/api/./comercios',
      '/api/comercios',
      '/api/comercios?x=1',
    ]) {
      const res = await rawRequest(ctx.t.app, {
        method: 'POST',
        path,
        body: MINIMAL_COMERCIO_BODY,
        headers: { origin: 'https://evil.example', cookie },
      });
      expect([400, 403], path).toContain(res.statusCode);
    }
    expect(await count()).toBe(0);
  });

  it('checks the origin of every unsafe method whatever the path (the path is never trusted)', async () => {
    for (const [method, path] of [
      ['POST', '/algo'],
      ['PUT', '/api/comercios/1'],
      ['DELETE', '/api/comercios/1'],
      ['PATCH', '/api/comercios/1'],
      ['POST', '/api/auth/sign-out'],
    ] as const) {
      const res = await ctx.t.app.inject({
        method,
        url: path,
        payload: {},
        headers: { origin: 'https://evil.example', cookie },
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().error.code).toBe('forbidden_origin');
      expect(res.json().error.message).toMatch(/^Rechazamos la solicitud/);
    }
    // Our own origin, and servers without an Origin (webhooks), pass.
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/comercios',
          payload: MINIMAL_COMERCIO_BODY,
          headers: { origin: TEST_ORIGIN, cookie },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/comercios',
          payload: MINIMAL_COMERCIO_BODY,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses bodies that are not JSON on JSON routes (415, Spanish) before any handler runs', async () => {
    const before = await count();
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ]) {
      for (const url of [
        '/api/comercios',
        '/api/auth/sign-in/email',
        '/api/auth/sign-up/email',
        '/api/payments/process_order',
      ]) {
        const res = await ctx.t.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(MINIMAL_COMERCIO_BODY),
          headers: { 'content-type': type, origin: TEST_ORIGIN, cookie },
        });
        expect(res.statusCode, `${type} ${url}`).toBe(415);
        expect(res.json(), `${type} ${url}`).toEqual({
          error: { code: 'unsupported_media_type', message: 'Formato de datos no admitido.' },
        });
      }
    }
    // Guests are told the same, before the handler could ask who they are.
    const guest = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/comercios',
      payload: JSON.stringify(MINIMAL_COMERCIO_BODY),
      headers: { 'content-type': 'text/plain' },
    });
    expect(guest.statusCode).toBe(415);
    expect(await count()).toBe(before);
    // JSON with a charset is JSON.
    const ok = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/comercios',
      payload: JSON.stringify(MINIMAL_COMERCIO_BODY),
      headers: { 'content-type': 'application/json; charset=utf-8', origin: TEST_ORIGIN, cookie },
    });
    expect(ok.statusCode).toBe(201);
  });
});
