import { createHmac } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, comercios, session } from '#server/db/schema';
import { cookieHeader, TEST_ORIGIN } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY } from '#test/server/fixtures';
import { operatorSuite } from '#server/operador/testing';
import { reinstateAccount, suspendAccount } from '#server/operador/suspension';

/**
 * An account being suspended while its owner signs in again and again, and writes with every session it gets
 * (issue 28, M2): no session may outlive the suspension, and nothing the owner sends may land after it. A
 * sign-in that checked the account before the suspension and stored its session after it used to keep a
 * working session; a save that passed the session check before the suspension used to land after it.
 *
 * Most rounds issue their sessions through Better Auth's own `createSession` (what every sign-in ends with,
 * its hooks included): the race is there, and a password check per sign-in would make the many rounds slow.
 * The first rounds go through the whole sign-in over HTTP.
 */
const ROUNDS = 25;
const SIGN_INS = 16;
const HTTP_ROUNDS = 3;
const WRITERS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('sign-ins and writes racing a suspension on %s', (kind) => {
  const s = operatorSuite(kind, {
    owner: { email: 'carrera@example.com', name: 'Kiosco Carrera', password: 'clave-carrera' },
    // The racing sign-ins come from one address on purpose; the limiter is not what this test is about.
    app: { env: { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' } },
  });
  const { call, owner, operator } = s;
  const actor = () => ({ id: operator.userId, email: 'opera@example.com' });

  async function signIn(): Promise<string | null> {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'carrera@example.com', password: 'clave-carrera' },
    });
    return res.statusCode === 200 ? cookieHeader(res.headers['set-cookie']) : null;
  }
  /** The end of a sign-in: a session issued by Better Auth, and its cookie signed as Better Auth signs it. */
  async function issueSession(): Promise<string | null> {
    const ctx = await s.t.deps.auth.$context;
    const created = await ctx.internalAdapter.createSession(owner.userId).catch(() => null);
    if (!created) return null;
    const signature = createHmac('sha256', ctx.secret).update(created.token).digest('base64');
    return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${created.token}.${signature}`)}`;
  }
  const create = (cookie: string, nombre: string) =>
    call('POST', '/api/comercios', cookie, { ...MINIMAL_COMERCIO_BODY, nombre });
  const edit = (cookie: string, id: number, nombre: string) =>
    call('PUT', `/api/comercios/${id}`, cookie, { ...MINIMAL_COMERCIO_BODY, nombre });

  it(`leaves no session and no write after the suspension (${ROUNDS * SIGN_INS} sign-ins)`, async () => {
    const db = s.database.db;
    const first = await create(owner.cookie, 'Kiosco Editado');
    expect(first.statusCode).toBe(201);
    const editedId = first.json<{ id: number }>().id;
    // How long one whole sign-in takes here, so the HTTP rounds can aim their suspension at the sign-ins' end.
    const started = Date.now();
    let writerCookie = (await signIn())!;
    const signInMs = Date.now() - started;
    const failures: string[] = [];
    let sessionsIssued = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const http = round < HTTP_ROUNDS;
      const cookies: string[] = [];
      // Sign-ins spread over the suspension, each writing at once with what it got, as an attacker would.
      const signIns = Array.from({ length: SIGN_INS }, async (_, i) => {
        await sleep(Math.random() * 20);
        const cookie = http ? await signIn() : await issueSession();
        if (!cookie) return;
        cookies.push(cookie);
        await create(cookie, `Kiosco Ronda ${round}-${i}`);
      });
      // Saves from a session opened before the round, in flight while the suspension commits.
      const writers = Array.from({ length: WRITERS }, async (_, i) => {
        await sleep(Math.random() * 20);
        await (i % 2
          ? edit(writerCookie, editedId, `Kiosco Editado ${round}-${i}`)
          : create(writerCookie, `Kiosco Escritor ${round}-${i}`));
      });
      const suspension = (async () => {
        // Password checks side by side end together, after about SIGN_INS / cores times one alone.
        await sleep(http ? (signInMs * SIGN_INS * Math.random()) / 2 : Math.random() * 20);
        await suspendAccount(db, actor(), owner.userId, 'Carrera de prueba', new Date());
      })();
      await Promise.all([...signIns, ...writers, suspension]);
      sessionsIssued += cookies.length;

      const [left] = await db.select({ n: count() }).from(session).where(eq(session.userId, owner.userId));
      if (left!.n) failures.push(`round ${round}: ${left!.n} session row(s) left after the suspension`);
      for (const cookie of cookies) {
        const res = await call('GET', '/api/mis-comercios', cookie);
        if (res.statusCode !== 401) failures.push(`round ${round}: a session still answers ${res.statusCode}`);
      }
      // Every owner write records a history row in its own transaction; none may come after the suspension's.
      const [suspended] = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, 'suspender_cuenta'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      const late = await db
        .select({ id: auditLog.id, action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.actorId, owner.userId), gt(auditLog.id, suspended!.id)));
      for (const row of late) failures.push(`round ${round}: ${row.action} (audit ${row.id}) after the suspension`);
      const visible = await db
        .select({ id: comercios.id })
        .from(comercios)
        .where(and(eq(comercios.propietarioId, owner.userId), isNull(comercios.ocultoMotivo)));
      for (const c of visible) failures.push(`round ${round}: comercio ${c.id} visible while its owner is suspended`);

      await reinstateAccount(db, actor(), owner.userId, 'Fin de la ronda', new Date());
      writerCookie = (await signIn())!;
    }
    expect(failures).toEqual([]);
    // The race was run: some sign-ins got in before their suspension (their sessions then ended with it).
    expect(sessionsIssued).toBeGreaterThan(0);
  }, 300_000);
});
