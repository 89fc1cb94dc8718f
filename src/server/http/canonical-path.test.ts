import { describe, expect, it } from 'vitest';
import { cookieHeader, signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { queryRows } from '#server/db/client';
import { sql } from 'drizzle-orm';
import { rawRequest } from '#test/server/raw-http';
import { INVALID_PATH_MESSAGE, isCanonicalPath } from './canonical-path';

describe('isCanonicalPath', () => {
  it('accepts the paths browsers send', () => {
    for (const p of [
      '/',
      '/api/comercios?q=pan&page=2',
      '/comercio/12/editar',
      '/api/auth/sign-in/email',
      '/assets/index-AbC_1.js',
      '/api/comercios?q=%00',
      '/mis-comercios/',
      '/caf%C3%A9',
    ]) {
      expect(isCanonicalPath(p), p).toBe(true);
    }
  });
  it('refuses dot segments, encoded dots, slashes, letters and controls, empty segments and backslashes', () => {
    for (const p of [
      '/api/auth/./sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/%2E%2E/auth/sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in/./email',
      '/api/auth/sign-in%2femail',
      '/api/auth/sign-in%5cemail',
      '/api/auth/sign-in\\email',
      '/api/auth//sign-in/email',
      '/%61pi/comercios',
      '/api/comercios%00',
      '/api/%zz',
      '/..',
      'http://evil.example/api/comercios',
      '*',
    ]) {
      expect(isCanonicalPath(p), p).toBe(false);
    }
  });
});

const BYPASS_PATHS = [
  '/api/auth/./sign-in/email',
  '/api/auth/%2e/sign-in/email',
  '/api/auth/%2E/sign-in/email',
  '/api/auth/x/../sign-in/email',
  '/api/auth/sign-in/./email',
  '/api/auth/sign-in/%2e/email',
  '/api/auth/sign-in%2Femail',
  '/api/auth//sign-in/email',
  '/%61pi/auth/sign-in/email',
];

describe.each(DATABASE_KINDS)('non-canonical paths on %s', (kind) => {
  const ctx = useTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '10', AUTH_RATE_LIMIT_PER_IP: '1000' } });

  // Paths as written, over real HTTP (inject() would normalise them).
  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    rawRequest(ctx.t.app, { method: 'POST', path, body, headers: { origin: TEST_ORIGIN, ...headers } });

  it('refuses every dot-segment or encoded spelling of sign-in, and the limit holds: the 61st try is refused', async () => {
    await signUp(ctx.t.app, 'duena@example.com', 'Almacén', 'la-clave-buena');
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Every sixth try uses the real path; the rest try to slip past the limiter.
      const url = i % 6 === 0 ? '/api/auth/sign-in/email' : BYPASS_PATHS[i % BYPASS_PATHS.length]!;
      const res = await post(url, { email: 'duena@example.com', password: `adivino${i}` });
      if (url !== '/api/auth/sign-in/email') {
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error: { code: 'invalid_path', message: INVALID_PATH_MESSAGE } });
      }
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10); // the 10 real tries, each counted
    // The right password on the 61st try is refused: the account's limit was reached through the only door.
    for (const url of ['/api/auth/sign-in/email', ...BYPASS_PATHS]) {
      const res = await post(url, { email: 'duena@example.com', password: 'la-clave-buena' });
      expect(res.statusCode, url).toBe(url === '/api/auth/sign-in/email' ? 429 : 400);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('refuses sign-up through a bypass path: no 5,000-character name, no javascript: image is stored', async () => {
    for (const url of [
      '/api/auth/./sign-up/email',
      '/api/auth/%2e/sign-up/email',
      '/api/auth/x/../sign-up/email',
      '/api/auth/sign-up/./email',
    ]) {
      const res = await post(url, {
        email: 'largo@example.com',
        password: 'secreto123',
        name: 'x'.repeat(5000),
        image: 'javascript:alert(1)',
      });
      expect(res.statusCode, url).toBe(400);
    }
    // Through the real path the schema applies: the name is too long, and unknown fields never reach Better Auth.
    expect(
      (
        await post('/api/auth/sign-up/email', {
          email: 'largo@example.com',
          password: 'secreto123',
          name: 'x'.repeat(5000),
        })
      ).statusCode,
    ).toBe(400);
    const ok = await post('/api/auth/sign-up/email', {
      email: 'largo@example.com',
      password: 'secreto123',
      name: 'Corto',
      image: 'javascript:alert(1)',
    });
    expect(ok.statusCode).toBe(200);
    const rows = await queryRows<{ name: string; image: string | null }>(
      ctx.database.db,
      sql`SELECT name, image FROM "user" WHERE email = 'largo@example.com'`,
    );
    expect(rows).toEqual([{ name: 'Corto', image: null }]);
  });

  it('closes the Better Auth endpoints the app does not use: update-user cannot store a huge name or a javascript: image, a change of email changes nothing before the new address confirms', async () => {
    const { cookie } = await signUp(ctx.t.app, 'perfil@example.com', 'Perfil');
    // Open since Mi cuenta (ADR 028), behind its schema: the address changes only once the emailed link is used.
    expect((await post('/api/auth/change-email', { newEmail: 'otro@example.com' }, { cookie })).statusCode).toBe(200);
    for (const url of ['/api/auth/update-user', '/api/auth/./update-user', '/api/auth/list-sessions', '/api/auth/ok']) {
      const get = url.endsWith('sessions') || url.endsWith('ok');
      const res = get
        ? await rawRequest(ctx.t.app, { path: url, headers: { cookie } })
        : await post(
            url,
            { name: 'x'.repeat(90_000), image: 'javascript:alert(1)', newEmail: 'otro@example.com' },
            { cookie },
          );
      expect([400, 404], url).toContain(res.statusCode);
    }
    const rows = await queryRows<{ name: string; image: string | null; email: string }>(
      ctx.database.db,
      sql`SELECT name, image, email FROM "user" WHERE email = 'perfil@example.com'`,
    );
    expect(rows).toEqual([{ name: 'Perfil', image: null, email: 'perfil@example.com' }]);
    // What the app uses still works: session, sign-out.
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json(),
    ).toMatchObject({ user: { email: 'perfil@example.com' } });
    expect((await post('/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
  });

  it('refuses non-canonical paths everywhere, not only under /api/auth', async () => {
    for (const url of [
      '/api/./comercios',
      '/api/comercios/%2e%2e/comercios',
      '/./',
      '/%61ssets/x.js',
      '/api/imagenes/../health',
    ]) {
      expect((await rawRequest(ctx.t.app, { path: url })).statusCode, url).toBe(400);
    }
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/comercios' })).statusCode).toBe(200);
  });

  it('keeps a session cookie usable after the checks (sanity)', async () => {
    const res = await post('/api/auth/sign-in/email', { email: 'perfil@example.com', password: 'secreto123' });
    expect(res.statusCode).toBe(200);
    expect(cookieHeader(res.headers['set-cookie'])).toMatch(/better-auth\.session_token=/);
  });
});
