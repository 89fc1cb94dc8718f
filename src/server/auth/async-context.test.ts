import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cookieHeader, signUp, TEST_ORIGIN, useTestApp } from '#server/testing/app';
import { promiseHooksOn } from '#server/testing/promise-hooks';
import { sessionUser } from './session';

describe('Better Auth’s async context', () => {
  const ctx = useTestApp('pglite', { env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });

  it('is released after its calls: the promise hooks a sign-up turned on are off once it answered', async () => {
    expect(await promiseHooksOn()).toBe(false);
    const owner = await signUp(ctx.t.app, 'contexto@example.com', 'Contexto');
    expect(owner.userId).toBeTruthy();
    expect(await promiseHooksOn()).toBe(false);
  });

  it('overlapping calls (sign-ins, the full session lookup) all answer right, and leave the hooks off', async () => {
    const signIn = () =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'contexto@example.com', password: 'secreto123' },
      });
    const first = await signIn();
    expect(first.statusCode, first.body).toBe(200);
    // A "don't remember me" cookie sends the lookup through Better Auth's own getSession.
    const cookie = `${cookieHeader(first.headers['set-cookie'])}; better-auth.dont_remember=x`;
    const lookUp = () => sessionUser(ctx.t.deps.auth, { headers: { cookie } } as unknown as FastifyRequest);
    const [a, b, c, d] = await Promise.all([signIn(), lookUp(), signIn(), lookUp()]);
    expect([a.statusCode, b?.email, c.statusCode, d?.email]).toEqual([
      200,
      'contexto@example.com',
      200,
      'contexto@example.com',
    ]);
    expect(await promiseHooksOn()).toBe(false);
  });
});
