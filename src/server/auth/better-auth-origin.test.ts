import { describe, expect, it } from 'vitest';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';

/**
 * Better Auth disables its own origin (CSRF) check when it detects a test run, so the API tests used to run
 * with one defence fewer than production. It is now on in tests too; this proves it answers.
 */
describe('Better Auth origin check runs in tests as in production', () => {
  const ctx = useTestApp();

  it('refuses a cookie-carrying sign-out without an Origin (our own check lets server-to-server calls through)', async () => {
    const { cookie } = await signUp(ctx.t.app, 'origen@example.com');
    const refused = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(403);
    const session = await ctx.t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json<{ user?: { email: string } } | null>()?.user?.email).toBe('origen@example.com');
    const accepted = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(accepted.statusCode).toBe(200);
  });
});
