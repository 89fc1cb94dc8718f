import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailJobs, user } from '#server/db/schema';
import { signUp, TEST_ORIGIN, useTestApp, type TestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';

function post(t: TestApp, url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * Mi cuenta's change of email (ADR 028, 042): the link goes to the new address, and opening it there proves that
 * address, so the account is confirmed after it, even one that never confirmed its first address (whose link,
 * sent to the old address, no longer names the account).
 */
describe.each(DATABASE_KINDS)('a change of email confirmed at the new address on %s', (kind) => {
  const ctx = useTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });

  const tokenTo = async (to: string) => {
    const [job] = await ctx.database.db
      .select({ link: mailJobs.link })
      .from(mailJobs)
      .where(and(eq(mailJobs.kind, 'change_email'), eq(mailJobs.toAddress, to)))
      .orderBy(desc(mailJobs.id))
      .limit(1);
    return new URL(job!.link!).searchParams.get('token')!;
  };
  const row = async (id: string) => (await ctx.database.db.select().from(user).where(eq(user.id, id)))[0]!;

  it('confirms an unconfirmed account with its new address, which can then write opinions', async () => {
    const { t } = ctx;
    const { cookie, userId } = await signUp(t.app, 'primera@example.com', 'Cambiante');
    expect((await row(userId)).emailVerified).toBe(false);
    expect((await post(t, '/api/auth/change-email', { newEmail: 'segunda@example.com' }, cookie)).statusCode).toBe(200);
    const token = await tokenTo('segunda@example.com');
    // A token altered on the way changes nothing.
    const bad = await post(t, '/api/cuenta/verificar-email', { token: `${token.slice(0, -4)}abcd` }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(await row(userId)).toMatchObject({ email: 'primera@example.com', emailVerified: false });

    expect((await post(t, '/api/cuenta/verificar-email', { token }, cookie)).statusCode).toBe(200);
    expect(await row(userId)).toMatchObject({ email: 'segunda@example.com', emailVerified: true });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email: 'segunda@example.com', emailVerified: true } });
    // What waits for a confirmed email (ADR 027) no longer waits.
    const comercio = await insertComercio(ctx.database.db, new Date(), { nombre: 'Librería Nueva' });
    const opinion = await t.app.inject({
      method: 'PUT',
      url: `/api/comercios/${comercio}/mi-opinion`,
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { estrellas: 4, texto: 'Buena atención y precios.' },
    });
    expect(opinion.statusCode).toBe(201);
  });

  it('keeps a confirmed account confirmed, and leaves another account with the old address alone', async () => {
    const { t } = ctx;
    const { cookie, userId } = await signUp(t.app, 'confirmada@example.com', 'Confirmada');
    await ctx.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    expect((await post(t, '/api/auth/change-email', { newEmail: 'mudada@example.com' }, cookie)).statusCode).toBe(200);
    expect(
      (await post(t, '/api/cuenta/verificar-email', { token: await tokenTo('mudada@example.com') }, cookie)).statusCode,
    ).toBe(200);
    expect(await row(userId)).toMatchObject({ email: 'mudada@example.com', emailVerified: true });
    // The old address is free again; an account that takes it starts unconfirmed.
    const other = await signUp(t.app, 'confirmada@example.com', 'Otra');
    expect((await row(other.userId)).emailVerified).toBe(false);
  });
});
