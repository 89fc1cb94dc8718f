import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '#test/server/app';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';

const LIMITS = { AUTH_RATE_LIMIT_PER_ACCOUNT: '10', AUTH_RATE_LIMIT_PER_IP: '1000' };

const signIn = (t: TestApp, email: string, password: string, remoteAddress = '203.0.113.10') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

describe.each(DATABASE_KINDS)('sign-in limits in the shared database (%s)', (kind) => {
  const ctx = useTestDatabase(kind);
  const apps: TestApp[] = [];
  const instance = async () => {
    const t = await createTestApp(ctx.database, { env: LIMITS });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.app.close();
  });

  it('two instances on one database share the count: 5 failures on A and 5 on B, then both refuse', async () => {
    const [a, b] = [await instance(), await instance()];
    await signUp(a.app, 'dos@example.com', 'Dos', 'la-clave-buena');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(i % 2 ? b : a, 'dos@example.com', `mala-${i}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await signIn(a, 'dos@example.com', 'la-clave-buena')).statusCode).toBe(429);
    expect((await signIn(b, 'dos@example.com', 'la-clave-buena')).statusCode).toBe(429);
  });

  it('a restart keeps the count', async () => {
    const first = await instance();
    await signUp(first.app, 'reinicio@example.com', 'Reinicio', 'la-clave-buena');
    for (let i = 0; i < 10; i++)
      expect((await signIn(first, 'reinicio@example.com', `mala-${i}`)).statusCode).toBe(401);
    await first.app.close();
    apps.splice(apps.indexOf(first), 1);
    const second = await instance(); // a new process on the same database
    const res = await signIn(second, 'reinicio@example.com', 'la-clave-buena');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Demasiados intentos. Esperá unos minutos y volvé a intentar.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('10 failures from one address do not lock the owner out from another, and the window ends', async () => {
    const t = await instance();
    await signUp(t.app, 'duena@example.com', 'Dueña', 'la-clave-buena');
    for (let i = 0; i < 10; i++)
      expect((await signIn(t, 'duena@example.com', `mala-${i}`, '198.51.100.66')).statusCode).toBe(401);
    // The guesser is stopped…
    expect((await signIn(t, 'duena@example.com', 'la-clave-buena', '198.51.100.66')).statusCode).toBe(429);
    // …the owner, at home, signs in.
    expect((await signIn(t, 'duena@example.com', 'la-clave-buena', '192.0.2.7')).statusCode).toBe(200);
    // 15 minutes later the guesser's window is over too.
    t.setNow(new Date(Date.now() + 16 * 60 * 1000));
    expect((await signIn(t, 'duena@example.com', 'mala-otra-vez', '198.51.100.66')).statusCode).toBe(401);
  });

  it('the per-address limit is shared too', async () => {
    const [a, b] = [
      await createTestApp(ctx.database, { env: { AUTH_RATE_LIMIT_PER_IP: '4', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' } }),
      await createTestApp(ctx.database, { env: { AUTH_RATE_LIMIT_PER_IP: '4', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' } }),
    ];
    apps.push(a, b);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(i % 2 ? b : a, `persona${i}@example.com`, 'secreto123', '198.51.100.99')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
