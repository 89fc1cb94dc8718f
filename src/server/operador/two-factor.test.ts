import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '#server/db/schema';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { totpCode } from '#test/server/totp';
import { auditRows, caller, makeOperator } from './testing';

describe.each(DATABASE_KINDS)('operators and the second factor on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator = { cookie: '', userId: '' };
  let uri = '';
  /** A session opened before enrolling (another computer): enrolling must close it. */
  let earlier = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
    call = caller(t.app);
    operator = await signUp(t.app, 'opera@example.com', 'Operadora', 'secreto123');
    await makeOperator(database.db, operator.userId, false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'opera@example.com', password: 'secreto123' },
    });
    earlier = cookieHeader(again.headers['set-cookie']);
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  it('keeps the console closed until the operator enrols an authenticator app', async () => {
    const me = await call('GET', '/api/operador/me', operator.cookie);
    expect(me.json()).toMatchObject({ email: 'opera@example.com', twoFactorEnabled: false });
    const closed = await call('GET', '/api/operador/comercios', operator.cookie);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('two_factor_required');

    const wrongPassword = await call('POST', '/api/auth/two-factor/enable', operator.cookie, { password: 'otra-cosa' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.message).toBe('La contraseña no es correcta.');
    const enable = await call('POST', '/api/auth/two-factor/enable', operator.cookie, { password: 'secreto123' });
    expect(enable.statusCode).toBe(200);
    uri = enable.json().totpURI;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vidriera:opera%40example\.com\?secret=/);

    const bad = await call('POST', '/api/auth/two-factor/verify-totp', operator.cookie, { code: '000000' });
    expect(bad.json().error.message).toBe('El código no es correcto. Ingresá el que muestra ahora tu app.');
    const ok = await call('POST', '/api/auth/two-factor/verify-totp', operator.cookie, { code: totpCode(uri) });
    expect(ok.statusCode).toBe(200);
    operator.cookie = cookieHeader(ok.headers['set-cookie']) || operator.cookie;
    expect((await call('GET', '/api/operador/comercios', operator.cookie)).statusCode).toBe(200);
  });

  it('closes every session opened before the enrolment and keeps (and records) the one that enrolled', async () => {
    expect((await call('GET', '/api/operador/me', earlier)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/get-session', earlier)).json()).toBeNull();
    const sessions = await database.db.select().from(session).where(eq(session.userId, operator.userId));
    expect(sessions).toHaveLength(1);
    expect(operator.cookie).toContain(sessions[0]!.token);
    const [enrolled] = (await auditRows(database.db)).filter((r) => r.action === 'activar_dos_pasos');
    expect(enrolled).toMatchObject({
      actorId: operator.userId,
      targetId: operator.userId,
      after: { twoFactorEnabled: true, sesionesCerradas: 1 },
    });
  });

  it('asks for the code at sign-in and opens a session only with it', async () => {
    await call('POST', '/api/auth/sign-out', operator.cookie, {});
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'opera@example.com', password: 'secreto123' },
    });
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeader(signIn.headers['set-cookie']);
    expect(pending).not.toMatch(/better-auth\.session_token=[^;]+/);
    expect((await call('GET', '/api/operador/me', pending)).statusCode).toBe(404);

    const wrong = await call('POST', '/api/auth/two-factor/verify-totp', pending, { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Ingresá el código de 6 dígitos de tu app');
    // The enrolment spent this time step's code: the app's next one (Better Auth accepts one step ahead).
    const verified = await call('POST', '/api/auth/two-factor/verify-totp', pending, {
      code: totpCode(uri, Date.now() + 30_000),
    });
    expect(verified.statusCode).toBe(200);
    const session = cookieHeader(verified.headers['set-cookie']);
    expect((await call('GET', '/api/operador/comercios', session)).statusCode).toBe(200);
  });
});
