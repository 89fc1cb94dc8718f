import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session, twoFactor, user } from '#server/db/schema';
import { cookieHeader, createTestApp, signUp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { totpCode } from '#test/server/totp';
import { caller, makeOperator } from './testing';

/** Enrolments the race test runs (issue 28 M1: the old code let the earlier session through most of the time). */
const ROUNDS = 50;

describe.each(DATABASE_KINDS)('enrolling the second factor closes older sessions before answering, on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Many accounts from one address: the per-address limits are not what this test is about.
    t = await createTestApp(database, { env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
    call = caller(t.app);
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });

  /** An operator not enrolled yet, signed in twice: `current` will enrol, `earlier` is a forgotten computer. */
  async function operatorSignedInTwice(email: string) {
    const current = await signUp(t.app, email, 'Operadora', 'secreto123');
    await makeOperator(database.db, current.userId, false);
    const again = await call('POST', '/api/auth/sign-in/email', null, { email, password: 'secreto123' });
    const enable = await call('POST', '/api/auth/two-factor/enable', current.cookie, { password: 'secreto123' });
    expect(enable.statusCode).toBe(200);
    return {
      userId: current.userId,
      current: current.cookie,
      earlier: cookieHeader(again.headers['set-cookie']),
      uri: enable.json<{ totpURI: string }>().totpURI,
    };
  }

  /** A session opened directly (no password hashing): the signed cookie Better Auth would have set for it. */
  async function openSession(userId: string): Promise<string> {
    const ctx = await t.deps.auth.$context;
    const { token } = await ctx.internalAdapter.createSession(userId);
    const signature = createHmac('sha256', ctx.secret).update(token).digest('base64');
    return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
  }

  it(`never lets the earlier session through once the enrolment has answered (${ROUNDS} rounds)`, async () => {
    const account = await operatorSignedInTwice('carrera@example.com');
    let current = account.current;
    let letThrough = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const earlier = round === 0 ? account.earlier : await openSession(account.userId);
      // The earlier session's request leaves the moment the enrolment's answer arrives.
      const [enrolled, probe] = await call('POST', '/api/auth/two-factor/verify-totp', current, {
        code: totpCode(account.uri),
      }).then(async (answer) => [answer, await call('GET', '/api/auth/get-session', earlier)] as const);
      expect(enrolled.statusCode).toBe(200);
      if (probe.body !== 'null') letThrough++;
      current = cookieHeader(enrolled.headers['set-cookie']);
      // Back to "enrolling" for the next round, with the same key (no password to hash again): what a test
      // can do to the database, not a path the app offers.
      await database.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, account.userId));
      await database.db
        .update(twoFactor)
        .set({ verified: false, lastTotpStep: null })
        .where(eq(twoFactor.userId, account.userId));
    }
    expect(letThrough).toBe(0);
  }, 300_000);

  it('undoes the enrolment and answers an error when the older sessions cannot be closed', async () => {
    const account = await operatorSignedInTwice('falla@example.com');
    const earlierToken = decodeURIComponent(/better-auth\.session_token=([^;.]+)/.exec(account.earlier)![1]!);
    // A fault only the clean-up meets: deleting the earlier session fails.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_session_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'forced failure'; END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER refuse_session_delete BEFORE DELETE ON session FOR EACH ROW
        WHEN (OLD.token = '${earlierToken.replace(/'/g, "''")}') EXECUTE FUNCTION refuse_session_delete()`),
    );
    const failed = await call('POST', '/api/auth/two-factor/verify-totp', account.current, {
      code: totpCode(account.uri),
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.message).toBe(
      'No pudimos activar la verificación en dos pasos. Volvé a intentarlo en unos segundos.',
    );
    const [row] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, account.userId));
    expect(row?.on).toBe(false);
    // The earlier session survived the fault, but the console stays closed to it: nothing was enrolled.
    const closed = await call('GET', '/api/operador/comercios', account.earlier);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('two_factor_required');
    const enrolments = await database.db.select().from(auditLog).where(eq(auditLog.action, 'activar_dos_pasos'));
    expect(enrolments.filter((r) => r.actorId === account.userId)).toHaveLength(0);

    // Once the fault is gone, the operator enrols again with the next code and the earlier session ends.
    await database.db.execute(sql.raw('DROP TRIGGER refuse_session_delete ON session'));
    const signedIn = failed.headers['set-cookie'] ? cookieHeader(failed.headers['set-cookie']) : account.current;
    const retry = await call('POST', '/api/auth/two-factor/verify-totp', signedIn, {
      code: totpCode(account.uri, Date.now() + 30_000),
    });
    expect(retry.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/get-session', account.earlier)).body).toBe('null');
    const left = await database.db.select().from(session).where(eq(session.userId, account.userId));
    expect(left).toHaveLength(1);
  });
});
