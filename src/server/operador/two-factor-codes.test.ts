import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session, twoFactor } from '#server/db/schema';
import { cookieHeader, createTestApp, signUp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { totpCode } from '#test/server/totp';
import { caller, makeOperator } from './testing';

const STEP_MS = 30_000;

describe.each(DATABASE_KINDS)('each second-factor code opens one session, once, on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let userId = '';
  let uri = '';
  let backupCodes: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database, {
      env: { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' },
    });
    call = caller(t.app);
    const operator = await signUp(t.app, 'codigos@example.com', 'Operadora', 'secreto123');
    userId = operator.userId;
    await makeOperator(database.db, userId, false);
    const enable = await call('POST', '/api/auth/two-factor/enable', operator.cookie, { password: 'secreto123' });
    ({ totpURI: uri, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>());
    const enrolled = await call('POST', '/api/auth/two-factor/verify-totp', operator.cookie, { code: totpCode(uri) });
    expect(enrolled.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.app.close();
    await database?.destroy();
  });
  // Each test starts as if a minute had passed since the last code was used (real time would make it wait).
  beforeEach(async () => {
    await database.db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, userId));
    await database.db.delete(session).where(eq(session.userId, userId));
  });

  /** Email and password right: the answer asks for the second factor and carries its pending cookie. */
  async function pendingSignIn(): Promise<string> {
    const answer = await call('POST', '/api/auth/sign-in/email', null, {
      email: 'codigos@example.com',
      password: 'secreto123',
    });
    expect(answer.json()).toMatchObject({ twoFactorRedirect: true });
    return cookieHeader(answer.headers['set-cookie']);
  }
  const sessions = async () => database.db.select().from(session).where(eq(session.userId, userId));
  const sessionCookieIn = (setCookie: string | string[] | undefined) =>
    /better-auth\.session_token=[^;]+/.test(cookieHeader(setCookie));

  it('accepts an app code once: signing in again with it is refused and opens nothing', async () => {
    const code = totpCode(uri);
    const first = await call('POST', '/api/auth/two-factor/verify-totp', await pendingSignIn(), { code });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/api/auth/two-factor/verify-totp', await pendingSignIn(), { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toEqual({
      code: 'code_used',
      message: 'Ese código ya se usó. Esperá el próximo código de tu app e iniciá sesión de nuevo.',
    });
    expect(sessionCookieIn(again.headers['set-cookie'])).toBe(false);
    expect(await sessions()).toHaveLength(1);
  });

  it('refuses a code older than the last one used (the previous step is still within the app window)', async () => {
    const now = Date.now();
    const next = await call('POST', '/api/auth/two-factor/verify-totp', await pendingSignIn(), {
      code: totpCode(uri, now + STEP_MS),
    });
    expect(next.statusCode).toBe(200);
    const older = await call('POST', '/api/auth/two-factor/verify-totp', await pendingSignIn(), {
      code: totpCode(uri, now),
    });
    expect(older.statusCode).toBe(401);
    expect(older.json().error.code).toBe('code_used');
    expect(await sessions()).toHaveLength(1);
  });

  it('opens one session when three sign-ins race with the same code', async () => {
    const pending = [await pendingSignIn(), await pendingSignIn(), await pendingSignIn()];
    const code = totpCode(uri);
    const answers = await Promise.all(
      pending.map((cookie) => call('POST', '/api/auth/two-factor/verify-totp', cookie, { code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    const [winner] = answers.filter((a) => a.statusCode === 200);
    const open = await sessions();
    expect(open).toHaveLength(1);
    expect(cookieHeader(winner!.headers['set-cookie'])).toContain(open[0]!.token);
  });

  it('signs in with a backup code once; typed without the dash it works too', async () => {
    const [first, second] = backupCodes;
    const used = await call('POST', '/api/auth/two-factor/verify-backup-code', await pendingSignIn(), { code: first });
    expect(used.statusCode).toBe(200);
    const console = cookieHeader(used.headers['set-cookie']);
    expect((await call('GET', '/api/operador/comercios', console)).statusCode).toBe(200);

    const reused = await call('POST', '/api/auth/two-factor/verify-backup-code', await pendingSignIn(), {
      code: first,
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe('El código de respaldo no es correcto o ya se usó.');
    expect(sessionCookieIn(reused.headers['set-cookie'])).toBe(false);

    const typed = await call('POST', '/api/auth/two-factor/verify-backup-code', await pendingSignIn(), {
      code: ` ${second!.replace('-', '')} `,
    });
    expect(typed.statusCode).toBe(200);
    expect(await sessions()).toHaveLength(2);
  });

  it('opens one session when two sign-ins race with the same backup code', async () => {
    const code = backupCodes[2]!;
    const pending = [await pendingSignIn(), await pendingSignIn()];
    const answers = await Promise.all(
      pending.map((cookie) => call('POST', '/api/auth/two-factor/verify-backup-code', cookie, { code })),
    );
    // The loser is refused by Better Auth's own check of the stored list (409) or by ours (401).
    const [won, lost] = answers.map((a) => a.statusCode).sort();
    expect(won).toBe(200);
    expect([401, 409]).toContain(lost);
    expect(await sessions()).toHaveLength(1);
  });

  it('takes backup codes only to finish a sign-in, and only in their shape', async () => {
    const signedIn = await call('POST', '/api/auth/two-factor/verify-backup-code', await pendingSignIn(), {
      code: backupCodes[3],
    });
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const again = await call('POST', '/api/auth/two-factor/verify-backup-code', cookie, { code: backupCodes[4] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'already_signed_in', message: 'Ya iniciaste sesión.' });
    const malformed = await call('POST', '/api/auth/two-factor/verify-backup-code', await pendingSignIn(), {
      code: '12345',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Un código de respaldo tiene 10 letras y números, como abcde-12345');
  });
});
