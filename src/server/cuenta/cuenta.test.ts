import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT } from '#shared/schemas/cuenta';
import { queryRows } from '#server/db/client';
import { auditLog, comercios, mailJobs, opiniones, pagos, session, user, verification } from '#server/db/schema';
import { recomputeRatings } from '#server/opiniones/rating';
import { cookieHeader, signUp, TEST_ORIGIN, useTestApp, type TestApp } from '#test/server/app';
import { DATABASE_KINDS, TEST_PGLITE } from '#test/server/databases';
import { insertComercio, MINIMAL_COMERCIO_BODY } from '#test/server/fixtures';
import { checkInvariants } from '#test/server/invariants';
import { sandboxOrderBody } from '#test/server/pagos';

type Ctx = { t: TestApp; database: { db: TestApp['deps']['db'] } };

function post(t: TestApp, url: string, payload: unknown, cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

async function sessionOf(t: TestApp, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return res.body && res.body !== 'null'
    ? res.json<{ user: { id: string; email: string; name: string; emailVerified: boolean } }>().user
    : null;
}

async function signIn(t: TestApp, email: string, password: string) {
  const res = await post(t, '/api/auth/sign-in/email', { email, password });
  return { status: res.statusCode, cookie: cookieHeader(res.headers['set-cookie']) };
}

/** The token of the newest queued account email of this kind to this address (what the emailed link carries). */
async function tokenSent(ctx: Ctx, kind: string, to: string): Promise<string> {
  const [job] = await ctx.database.db
    .select({ link: mailJobs.link })
    .from(mailJobs)
    .where(and(eq(mailJobs.kind, kind), eq(mailJobs.toAddress, to)))
    .orderBy(desc(mailJobs.id))
    .limit(1);
  if (!job?.link) throw new Error(`no ${kind} email to ${to}`);
  return new URL(job.link).searchParams.get('token')!;
}

const jobsTo = (ctx: Ctx, kind: string, to: string) =>
  ctx.database.db
    .select({ id: mailJobs.id, link: mailJobs.link })
    .from(mailJobs)
    .where(and(eq(mailJobs.kind, kind), eq(mailJobs.toAddress, to)));

describe.each(DATABASE_KINDS)('accounts: verification, recovery, Mi cuenta, deletion (%s)', (kind) => {
  // Many sign-ins from one test address: the per-address limit is checked in its own block below.
  const ctx = useTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });

  it('queues one verification email at sign-up; the link verifies once; signing in never waits for it', async () => {
    const { t } = ctx;
    const { cookie, userId } = await signUp(t.app, 'nueva@example.com', 'Nueva');
    expect((await sessionOf(t, cookie))?.emailVerified).toBe(false);
    const jobs = await jobsTo(ctx, 'verify_email', 'nueva@example.com');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.link).toMatch(/^http:\/\/localhost:3000\/verificar-email\?token=[\w.-]+$/);
    // Unverified, the account signs in as before.
    expect((await signIn(t, 'nueva@example.com', 'secreto123')).status).toBe(200);

    const token = await tokenSent(ctx, 'verify_email', 'nueva@example.com');
    const bad = await post(t, '/api/cuenta/verificar-email', { token: `${token.slice(0, -4)}abcd` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_token' } });
    // Opened in another browser (no session): it still confirms the address.
    const ok = await post(t, '/api/cuenta/verificar-email', { token });
    expect(ok.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, userId));
    expect(row!.emailVerified).toBe(true);
    expect((await sessionOf(t, cookie))?.emailVerified).toBe(true);
  });

  it('"Reenviar" needs the session and sends the account its link again', async () => {
    const { t } = ctx;
    const { cookie } = await signUp(t.app, 'reenviar@example.com', 'Reenvío');
    expect((await post(t, '/api/auth/send-verification-email', {})).statusCode).toBe(401);
    // A link is signed to the second: asked for within the same second, it is the same link and goes out once.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await post(t, '/api/auth/send-verification-email', { email: 'otra@example.com' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(await jobsTo(ctx, 'verify_email', 'reenviar@example.com')).toHaveLength(2);
    expect(await jobsTo(ctx, 'verify_email', 'otra@example.com')).toHaveLength(0);
  });

  it('answers a reset request the same whether the account exists or not, and emails only an account', async () => {
    const { t } = ctx;
    await signUp(t.app, 'existe@example.com', 'Existe');
    const known = await post(t, '/api/auth/request-password-reset', { email: 'existe@example.com' });
    const unknown = await post(t, '/api/auth/request-password-reset', { email: 'nadie@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toMatchObject({ status: true });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await jobsTo(ctx, 'reset_password', 'existe@example.com')).toHaveLength(1);
    expect(await jobsTo(ctx, 'reset_password', 'nadie@example.com')).toHaveLength(0);
    expect(FORGOT_PASSWORD_SENT).toContain('Si hay una cuenta con ese email');
  });

  it('a reset link works once, ends every session, and the old password stops working', async () => {
    const { t } = ctx;
    const { cookie: phone } = await signUp(t.app, 'olvido@example.com', 'Olvidadiza', 'vieja123');
    const { cookie: laptop } = await signIn(t, 'olvido@example.com', 'vieja123');
    expect(await sessionOf(t, laptop)).not.toBeNull();
    await post(t, '/api/auth/request-password-reset', { email: 'olvido@example.com' });
    const token = await tokenSent(ctx, 'reset_password', 'olvido@example.com');

    const short = await post(t, '/api/auth/reset-password', { token, newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('La contraseña debe tener al menos 6 caracteres');

    const res = await post(t, '/api/auth/reset-password', { token, newPassword: 'nueva456' });
    expect(res.statusCode).toBe(200);
    expect(await sessionOf(t, phone)).toBeNull();
    expect(await sessionOf(t, laptop)).toBeNull();
    expect((await signIn(t, 'olvido@example.com', 'vieja123')).status).toBe(401);
    expect((await signIn(t, 'olvido@example.com', 'nueva456')).status).toBe(200);

    const again = await post(t, '/api/auth/reset-password', { token, newPassword: 'otra7890' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'invalid_token' } });
    expect((await signIn(t, 'olvido@example.com', 'nueva456')).status).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    const { t } = ctx;
    await signUp(t.app, 'vence@example.com', 'Vence', 'vieja123');
    await post(t, '/api/auth/request-password-reset', { email: 'vence@example.com' });
    const token = await tokenSent(ctx, 'reset_password', 'vence@example.com');
    const [row] = await ctx.database.db
      .select({ expiresAt: verification.expiresAt, createdAt: verification.createdAt })
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(61 * 60_000);
    // The hour passes.
    await ctx.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const res = await post(t, '/api/auth/reset-password', { token, newPassword: 'nueva456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_token' } });
    expect((await signIn(t, 'vence@example.com', 'vieja123')).status).toBe(200);
  });

  it('Mi cuenta: the name changes at once; a new email is used once confirmed there', async () => {
    const { t } = ctx;
    const { cookie, userId } = await signUp(t.app, 'cambia@example.com', 'Antes');
    await signUp(t.app, 'ocupado@example.com', 'Ocupado');
    expect((await post(t, '/api/auth/update-user', { name: 'Después' })).statusCode).toBe(401);
    const blank = await post(t, '/api/auth/update-user', { name: '   ' }, cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Ingresá tu nombre');
    expect((await post(t, '/api/auth/update-user', { name: 'Después' }, cookie)).statusCode).toBe(200);
    expect((await sessionOf(t, cookie))?.name).toBe('Después');

    const taken = await post(t, '/api/auth/change-email', { newEmail: 'ocupado@example.com' }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Ese email ya está en uso en otra cuenta.');
    const res = await post(t, '/api/auth/change-email', { newEmail: 'Nuevo@Example.com' }, cookie);
    expect(res.statusCode).toBe(200);
    // Until confirmed, the account keeps its email.
    expect((await sessionOf(t, cookie))?.email).toBe('cambia@example.com');
    const token = await tokenSent(ctx, 'change_email', 'nuevo@example.com');
    const confirmed = await post(t, '/api/cuenta/verificar-email', { token }, cookie);
    expect(confirmed.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, userId));
    expect(row!.email).toBe('nuevo@example.com');
    expect((await signIn(t, 'nuevo@example.com', 'secreto123')).status).toBe(200);
  });

  it('Mi cuenta: a new password asks for the current one and ends the other sessions', async () => {
    const { t } = ctx;
    const { cookie: here } = await signUp(t.app, 'clave@example.com', 'Clave', 'vieja123');
    const { cookie: there } = await signIn(t, 'clave@example.com', 'vieja123');
    const wrong = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: 'equivocada', newPassword: 'nueva456' },
      here,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('La contraseña actual no es correcta.');
    const same = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: 'vieja123', newPassword: 'vieja123' },
      here,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('La nueva contraseña tiene que ser distinta de la actual.');
    expect(await sessionOf(t, there)).not.toBeNull();
    const res = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: 'vieja123', newPassword: 'nueva456' },
      here,
    );
    expect(res.statusCode).toBe(200);
    const kept = cookieHeader(res.headers['set-cookie']) || here;
    expect(await sessionOf(t, kept)).not.toBeNull();
    expect(await sessionOf(t, there)).toBeNull();
    expect((await signIn(t, 'clave@example.com', 'vieja123')).status).toBe(401);
  });

  it('deleting the account leaves no personal data, keeps its payments anonymised and the ledger consistent', async () => {
    const { t } = ctx;
    const db = ctx.database.db;
    const email = 'borrame@example.com';
    const name = 'Kiosco Borrable';
    const { cookie, userId } = await signUp(t.app, email, name);
    // A business of its own, published with a real (sandbox) payment…
    const created = await post(t, '/api/comercios', { ...MINIMAL_COMERCIO_BODY, nombre: 'Almacén de Borrame' }, cookie);
    expect(created.statusCode).toBe(201);
    const mine = created.json<{ id: number }>().id;
    const paid = await post(t, '/api/payments/process_order', sandboxOrderBody(mine, 'APRO'), cookie);
    expect(paid.json()).toMatchObject({ status: 'processed' });
    // …and an opinion on someone else's business.
    const theirs = await insertComercio(db, new Date(), { nombre: 'Verdulería Ajena' });
    await db.transaction(async (tx) => {
      await tx.insert(opiniones).values({ comercioId: theirs, userId, estrellas: 2, texto: 'No me atendieron bien.' });
      await recomputeRatings(tx, [theirs]);
    });
    expect((await db.select().from(comercios).where(eq(comercios.id, theirs)))[0]!.opinionesCount).toBe(1);

    const wrong = await post(t, '/api/cuenta/eliminar', { password: 'equivocada' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('La contraseña actual no es correcta.');
    const res = await post(t, '/api/cuenta/eliminar', { password: 'secreto123' }, cookie);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);

    expect(await sessionOf(t, cookie)).toBeNull();
    expect((await signIn(t, email, 'secreto123')).status).toBe(401);
    expect(await db.select().from(comercios).where(eq(comercios.id, mine))).toHaveLength(0);
    const [ajena] = await db.select().from(comercios).where(eq(comercios.id, theirs));
    expect(ajena).toMatchObject({ opinionesCount: 0, rating: 0 });
    // The payment stays for the accounts, with nobody's data on it.
    const kept = await db
      .select()
      .from(pagos)
      .where(eq(pagos.externalReference, `comercio_${mine}`));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ status: 'processed', userId: null, rawResponse: null, amount: '450' });
    // The deletion is audited, without the email.
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'eliminar_cuenta'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'user', targetId: userId, actorEmail: 'cuenta eliminada' });

    // No row of any table mentions the account's email or name any more. (The audit keeps what was done to
    // its businesses, under their names, with no one named as the actor: ADR 028.)
    const tables = await queryRows<{ name: string }>(
      db,
      sql`SELECT quote_ident(table_name) AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(15);
    for (const { name: table } of tables) {
      const found = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} t
            WHERE t::text ILIKE ${'%' + email + '%'} OR t::text ILIKE ${'%' + name + '%'}`,
      );
      expect({ table, rows: found[0]!.n }).toEqual({ table, rows: 0 });
    }
    expect(await db.select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
    expect(await checkInvariants(db)).toEqual([]);
  });
});

describe.runIf(TEST_PGLITE)('reset requests are limited per recipient and per address', () => {
  const ctx = useTestApp('pglite', { env: { AUTH_RATE_LIMIT_PER_IP: '8' } });

  it('five emails an hour to one address, whoever asks and whether the account exists or not', async () => {
    const { t } = ctx;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post(t, '/api/auth/request-password-reset', { email: 'nadie@example.com' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Other addresses still get theirs until the address limit (8 attempts in 15 minutes) is reached.
    expect((await post(t, '/api/auth/request-password-reset', { email: 'otra@example.com' })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/request-password-reset', { email: 'otra@example.com' })).statusCode).toBe(200);
    const limited = await post(t, '/api/auth/request-password-reset', { email: 'tercera@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Demasiados intentos. Esperá unos minutos y volvé a intentar.');
  });
});
