import { describe, expect, it } from 'vitest';
import { cookieHeader, signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS, TEST_PGLITE } from '#test/server/databases';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  const ctx = useTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '5', AUTH_RATE_LIMIT_PER_IP: '1000' } });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, ...headers } });
  const session = (cookie: string) =>
    ctx.t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

  it('signs up with the business name as display name, in a hashed, HttpOnly, SameSite=Lax session', async () => {
    const res = await post('/api/auth/sign-up/email', {
      email: 'ana@example.com',
      password: 'secreto123',
      name: 'Panadería Ana',
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // plain http here
    const me = await session(cookieHeader(res.headers['set-cookie']));
    expect(me.json()).toMatchObject({ user: { email: 'ana@example.com', name: 'Panadería Ana' } });
    const stored = await ctx.database.db.execute(`SELECT password FROM account WHERE provider_id = 'credential'`);
    const hash = (stored as { rows: Array<{ password: string }> }).rows[0]!.password;
    expect(hash).not.toContain('secreto123');
    expect(hash.length).toBeGreaterThan(40);
  });

  it('answers a guest without a session cookie as Better Auth does for an unknown session, without asking it', async () => {
    const guest = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    const unknown = await session('better-auth.session_token=no-existe.firma');
    for (const res of [guest, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // Cookies that only look alike are no session either (a real one reaches Better Auth: the sign-up test above).
    expect((await session('otra=cosa; better-auth.session_tokenx=1')).json()).toBeNull();
  });

  it('refuses a second sign-up with the same email in the spec words', async () => {
    const res = await post('/api/auth/sign-up/email', {
      email: 'ana@example.com',
      password: 'otraclave',
      name: 'Otro',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json()).toEqual({ error: { code: 'user_exists', message: 'Este email ya está registrado' } });
  });

  it('validates sign-up like the modal does', async () => {
    const cases: Array<[object, string]> = [
      [{ email: 'no-es-email', password: 'secreto123', name: 'X' }, 'Email inválido'],
      [{ email: 'b@example.com', password: '12345', name: 'X' }, 'La contraseña debe tener al menos 6 caracteres'],
      [{ email: 'b@example.com', password: 'secreto123', name: '  ' }, 'Ingresá el nombre del comercio'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/auth/sign-up/email', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('signs in, keeps the session, and signs out', async () => {
    const bad = await post('/api/auth/sign-in/email', { email: 'ana@example.com', password: 'equivocada' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Email o contraseña incorrectos' } });

    const ok = await post('/api/auth/sign-in/email', { email: 'ANA@example.com', password: 'secreto123' });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(ok.headers['set-cookie']);
    expect((await session(cookie)).json()).toMatchObject({ user: { email: 'ana@example.com' } });

    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).json()).toBeNull();
  });

  it('limits repeated sign-ins to one account with 429 and a Spanish message', async () => {
    await signUp(ctx.t.app, 'victima@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/api/auth/sign-in/email', { email: 'victima@example.com', password: `intento${i}xx` })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await post('/api/auth/sign-in/email', { email: 'victima@example.com', password: 'secreto123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Demasiados intentos. Esperá unos minutos y volvé a intentar.');
    // Another account from the same address is not affected.
    expect(
      (await post('/api/auth/sign-in/email', { email: 'ana@example.com', password: 'secreto123' })).statusCode,
    ).toBe(200);
  });
});

describe.runIf(TEST_PGLITE)('sign-in limit per address', () => {
  const ctx = useTestApp('pglite', { env: { AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' } });

  it('answers 429 once one address has tried too often', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: `persona${i}@example.com`, password: 'secreto123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
