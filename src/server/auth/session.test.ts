import { makeSignature } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#server/db/client';
import { cookieHeader, signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { sessionUser } from './session';
import { readCookies, readSignedCookie as readSigned } from './signed-cookie';

const readSignedCookie = (header: string | undefined, name: string, secret: string) =>
  readSigned(readCookies(header), name, secret);

const DAY_MS = 24 * 60 * 60 * 1000;
const NAME = 'better-auth.session_token';

/** A request as the session lookup sees it: only its headers matter (a new object: the lookup caches per request). */
const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest;

describe('readSignedCookie', () => {
  const secret = 'test-secret-test-secret-test-secret-0123';
  const value = 'GbDq3oFLRYJ3sT0ZpkQRt9ZCk8qX4Wbn';
  const signature = 'hrTAXoCmvSE6fP2DiWVEqRH+Hb+Ld8pQhQyJ/X8eLhM=';

  it('returns the value of a well-signed cookie, and false for a wrong signature of the right shape', async () => {
    // Signed by Better Auth's own (WebCrypto) signer.
    const good = await makeSignature(value, secret);
    const header = `a=1; ${NAME}=${encodeURIComponent(`${value}.${good}`)}; b=2`;
    expect(readSignedCookie(header, NAME, secret)).toBe(value);
    expect(readSignedCookie(`${NAME}=${encodeURIComponent(`${value}.${signature}`)}`, NAME, secret)).toBe(false);
    expect(readSignedCookie(header, NAME, 'another-secret-another-secret-another')).toBe(false);
  });

  it('refuses a right signature written in base64url ("-", "_"), as Better Call’s atob does', async () => {
    let n = 0;
    let signed = '';
    while (!/[+/]/.test(signed)) signed = await makeSignature(`${value}${++n}`, secret);
    const url = signed.replace(/\+/g, '-').replace(/\//g, '_');
    const cookie = (sig: string) => `${NAME}=${encodeURIComponent(`${value}${n}.${sig}`)}`;
    expect(readSignedCookie(cookie(signed), NAME, secret)).toBe(`${value}${n}`);
    expect(readSignedCookie(cookie(url), NAME, secret)).toBeNull();
  });

  it('returns null without the cookie or with a malformed one, as Better Call does', () => {
    expect(readSignedCookie(undefined, NAME, secret)).toBeNull();
    expect(readSignedCookie('other=1', NAME, secret)).toBeNull();
    expect(readSignedCookie(`${NAME}=${value}`, NAME, secret)).toBeNull();
    expect(readSignedCookie(`${NAME}=.${encodeURIComponent(signature)}`, NAME, secret)).toBeNull();
    expect(readSignedCookie(`${NAME}=${value}.${'A'.repeat(43)}`, NAME, secret)).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('the session lookup on %s agrees with Better Auth', (kind) => {
  const ctx = useTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  let owner: { cookie: string; userId: string };
  beforeAll(async () => {
    owner = await signUp(ctx.t.app, 'sesion@example.com', 'Sesión');
  });
  const auth = () => ctx.t.deps.auth;
  const betterAuth = async (cookie: string) =>
    (await auth().api.getSession({ headers: new Headers({ cookie }) }))?.user.id ?? null;
  const token = (cookie: string) => cookie.match(/session_token=([^.;]+)/)![1]!;
  const expiresAt = async (cookie: string) =>
    (
      await queryRows<{ ms: number }>(
        ctx.database.db,
        sql`SELECT (extract(epoch FROM expires_at) * 1000)::float8 AS ms FROM session WHERE token = ${token(cookie)}`,
      )
    )[0]?.ms;
  const setExpiry = (cookie: string, at: Date) =>
    ctx.database.db.execute(sql`UPDATE session SET expires_at = ${at.toISOString()} WHERE token = ${token(cookie)}`);

  it('a valid cookie: the user, read without Better Auth’s endpoint', async () => {
    const spy = vi.spyOn(auth().api, 'getSession');
    try {
      const user = await sessionUser(auth(), request(owner.cookie));
      expect(user).toEqual({ id: owner.userId, email: 'sesion@example.com', name: 'Sesión' });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    expect(await betterAuth(owner.cookie)).toBe(owner.userId);
  });

  it('no cookie, a tampered signature, a forged token, an unsigned token: a guest', async () => {
    const [name, signed] = owner.cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(signed);
    const flipped = decoded.slice(0, -3) + (decoded.at(-3) === 'A' ? 'B' : 'A') + decoded.slice(-2);
    // Another first letter than the token's own (a random token starts with "x" one time in 62).
    const forged = `${decoded.startsWith('x') ? 'y' : 'x'}${decoded.slice(1)}`;
    for (const cookie of [
      '',
      `${name}=${encodeURIComponent(flipped)}`,
      `${name}=${encodeURIComponent(forged)}`,
      `${name}=${token(owner.cookie)}`,
    ]) {
      expect(await sessionUser(auth(), request(cookie)), cookie).toBeNull();
      if (cookie) expect(await betterAuth(cookie), cookie).toBeNull();
    }
  });

  it('a session signed out elsewhere is gone at once', async () => {
    const other = await signUp(ctx.t.app, 'salida@example.com');
    expect(await sessionUser(auth(), request(other.cookie))).toMatchObject({ id: other.userId });
    const out = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: other.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionUser(auth(), request(other.cookie))).toBeNull();
  });

  it('an expired session is refused and deleted, as Better Auth does', async () => {
    const other = await signUp(ctx.t.app, 'vencida@example.com');
    await setExpiry(other.cookie, new Date(Date.now() - 1000));
    expect(await sessionUser(auth(), request(other.cookie))).toBeNull();
    expect(await expiresAt(other.cookie)).toBeUndefined();
  });

  it('a session due for its sliding refresh is refreshed (30 more days from now)', async () => {
    const other = await signUp(ctx.t.app, 'renueva@example.com');
    await setExpiry(other.cookie, new Date(Date.now() + 28 * DAY_MS));
    expect(await sessionUser(auth(), request(other.cookie))).toMatchObject({ id: other.userId });
    const after = (await expiresAt(other.cookie))!;
    expect(after).toBeGreaterThan(Date.now() + 29.9 * DAY_MS);
    // Not yet due (less than a day old): left as it is.
    await setExpiry(other.cookie, new Date(Date.now() + 29.5 * DAY_MS));
    const before = (await expiresAt(other.cookie))!;
    expect(await sessionUser(auth(), request(other.cookie))).toMatchObject({ id: other.userId });
    expect((await expiresAt(other.cookie))!).toBe(before);
  });

  it('a "don’t remember me" session (Better Auth’s option) is looked up by Better Auth, which never slides it', async () => {
    await signUp(ctx.t.app, 'corta@example.com');
    // The app's sign-in form never asks for it (its schema drops rememberMe): straight to Better Auth.
    const { headers } = await auth().api.signInEmail({
      body: { email: 'corta@example.com', password: 'secreto123', rememberMe: false },
      returnHeaders: true,
    });
    const cookie = cookieHeader(headers.getSetCookie());
    expect(cookie).toContain('dont_remember');
    await setExpiry(cookie, new Date(Date.now() + 28 * DAY_MS));
    const before = (await expiresAt(cookie))!;
    const spy = vi.spyOn(auth().api, 'getSession');
    try {
      expect(await sessionUser(auth(), request(cookie))).toMatchObject({ email: 'corta@example.com' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect((await expiresAt(cookie))!).toBe(before);
  });
});
