import { describe, expect, it } from 'vitest';
import { isStorableAnswer } from '#shared/offline';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';

/** A session cookie as a browser sends it (the service worker cannot read it: HttpOnly). Its value need not be valid. */
const SESSION = { cookie: 'better-auth.session_token=abc.def' };

describe.each(DATABASE_KINDS)('answers to a signed-in request are never public (ADR 050), on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('marks a public API answer private when the request carried the session cookie, and leaves it public otherwise', async () => {
    const guest = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios/categorias' });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe('public, no-cache');
    expect(isStorableAnswer(guest.statusCode, String(guest.headers['cache-control']))).toBe(true);

    const signedIn = await ctx.t.app.inject({ method: 'GET', url: '/api/comercios/categorias', headers: SESSION });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(isStorableAnswer(signedIn.statusCode, String(signedIn.headers['cache-control']))).toBe(false);

    // A revalidation (304) says private too, so a browser's stored copy is never turned public by it.
    const again = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/comercios/categorias',
      headers: { ...SESSION, 'if-none-match': String(signedIn.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('never makes an account answer storable, with or without the cookie', async () => {
    const session = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: SESSION });
    expect(isStorableAnswer(session.statusCode, String(session.headers['cache-control'] ?? ''))).toBe(false);
    const mine = await ctx.t.app.inject({ method: 'GET', url: '/api/mis-comercios', headers: SESSION });
    expect(mine.statusCode).toBe(401);
    expect(isStorableAnswer(mine.statusCode, String(mine.headers['cache-control'] ?? ''))).toBe(false);
  });
});
