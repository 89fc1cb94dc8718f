import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { symmetricDecrypt } from 'better-auth/crypto';
import { SECOND_FACTOR_MESSAGES } from '#shared/schemas/second-factor';
import type { Db } from '#server/db/client';
import type { AppDeps } from '#server/deps';
import { session, twoFactor, twoFactorBackupCodeUses, user } from '#server/db/schema';
import { errorBody } from '#server/http/errors';
import { recordAudit } from '#server/operador/audit';
import { stepOfCode } from './totp';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Viewer = { id: string; email: string };

/** What a second-factor request is about, noted by its route before Better Auth runs. */
interface SecondFactorAttempt {
  kind: 'totp' | 'backup_code';
  /** The code as our schema normalised it, i.e. as Better Auth was handed it. */
  code: string;
  /** The signed-in account enrolling its app; null when the code finishes a sign-in. */
  enrolling: Viewer | null;
}

const attempts = new WeakMap<FastifyRequest, SecondFactorAttempt>();

export function noteSecondFactorAttempt(request: FastifyRequest, attempt: SecondFactorAttempt): void {
  attempts.set(request, attempt);
}

/** A code that did open a session before (or a time step not later than the last one used). */
class CodeAlreadyUsed extends Error {}

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/;

function setCookies(reply: FastifyReply): string[] {
  const header = reply.getHeader('set-cookie');
  return Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
}

/**
 * The session token in a Set-Cookie Better Auth sent (its signed cookie is `token.signature`,
 * URL-encoded), or null when the answer set none.
 */
function sessionTokenOf(reply: FastifyReply): string | null {
  for (const cookie of setCookies(reply)) {
    const match = SESSION_COOKIE.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]).split('.')[0] || null;
  }
  return null;
}

/**
 * Runs once Better Auth has answered a second-factor request and before a byte of that answer leaves (a Fastify
 * onSend hook: the 200 of an enrolment used to be sent first, and the older sessions closed after it, so a
 * request arriving right after the answer still found them open). On a 200:
 * - an enrolment spends the code's time step, closes every other session and records it, in one transaction;
 *   if that fails, the enrolment is undone and the answer is an error (fail closed);
 * - a sign-in spends the code (the TOTP time step, or the backup code); a code already spent gets its new
 *   session deleted and an error instead, so the session Better Auth opened never reaches anyone.
 */
export function settleSecondFactor(deps: AppDeps): onSendAsyncHookHandler<unknown> {
  return async (request, reply, payload) => {
    const attempt = attempts.get(request);
    if (!attempt || reply.statusCode !== 200) return payload;
    const token = sessionTokenOf(reply);
    try {
      if (!token) throw new Error('Better Auth accepted a second factor without setting a session');
      if (attempt.enrolling) await finishEnrolment(deps, attempt.enrolling, attempt.code, token);
      else await spendCode(deps, attempt, token);
      return payload;
    } catch (err) {
      const used = err instanceof CodeAlreadyUsed;
      if (attempt.enrolling && !used) {
        // The older sessions may still be open: the account must not count as enrolled.
        request.log.error({ err }, 'second-factor enrolment undone: the older sessions could not be closed');
        await undoEnrolment(deps.db, attempt.enrolling.id).catch((undoErr: unknown) =>
          request.log.fatal({ err: undoErr }, 'second-factor enrolment not undone: older sessions may stay open'),
        );
        // The new session is kept (the password and the code were right; Better Auth already ended the one
        // that asked): the operator stays signed in, not enrolled, and can try again.
        return refuse(reply, 500, 'two_factor_not_enabled', SECOND_FACTOR_MESSAGES.enrolment_failed);
      }
      if (!used) request.log.error({ err }, 'second-factor sign-in refused: the code could not be spent');
      // The session Better Auth opened was never sent: without its cookie nobody holds it, and it is deleted.
      dropSessionCookie(reply);
      if (token)
        await deps.db
          .delete(session)
          .where(eq(session.token, token))
          .catch(() => undefined);
      if (!used) return refuse(reply, 500, 'second_factor_failed', SECOND_FACTOR_MESSAGES.not_finished);
      return attempt.kind === 'totp'
        ? refuse(reply, 401, 'code_used', SECOND_FACTOR_MESSAGES.code_used)
        : refuse(reply, 401, 'backup_code_used', SECOND_FACTOR_MESSAGES.backup_code_used);
    }
  };
}

function refuse(reply: FastifyReply, status: number, code: string, message: string): string {
  reply.code(status).type('application/json; charset=utf-8');
  return JSON.stringify(errorBody(code, message));
}

/** Takes the new session's cookie out of the answer (Better Auth's other cookies, e.g. clearing its own, stay). */
function dropSessionCookie(reply: FastifyReply): void {
  const kept = setCookies(reply).filter((cookie) => !SESSION_COOKIE.test(cookie));
  reply.removeHeader('set-cookie');
  if (kept.length > 0) reply.header('set-cookie', kept);
}

/**
 * Enrolling the second factor ends every other session of the account (ADR 018, ADR 026): one opened before, on a
 * forgotten computer, would otherwise keep the console open without ever passing the code. The session Better
 * Auth re-issued for the enrolment is kept, the code's time step is spent, and the enrolment is recorded with how
 * many sessions closed; all in one transaction.
 */
async function finishEnrolment(deps: AppDeps, actor: Viewer, code: string, keptToken: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await spendTotpStep(deps, tx, actor.id, code);
    const closed = await tx
      .delete(session)
      .where(and(eq(session.userId, actor.id), ne(session.token, keptToken)))
      .returning({ id: session.id });
    await recordAudit(tx, actor, {
      action: 'activar_dos_pasos',
      targetType: 'user',
      targetId: actor.id,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true, sesionesCerradas: closed.length },
    });
  });
}

/** Back to "enrolling": the same key stays, so the operator's app keeps working for the next try. */
async function undoEnrolment(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
    await tx.update(twoFactor).set({ verified: false }).where(eq(twoFactor.userId, userId));
  });
}

/** A sign-in's code, spent for the account the new session belongs to. */
async function spendCode(deps: AppDeps, attempt: SecondFactorAttempt, token: string): Promise<void> {
  const [opened] = await deps.db.select({ userId: session.userId }).from(session).where(eq(session.token, token));
  if (!opened) throw new Error('the session Better Auth opened is gone');
  if (attempt.kind === 'totp') return spendTotpStep(deps, deps.db, opened.userId, attempt.code);
  // The primary key (account, code) lets one of two racing sign-ins with the same code insert, never both.
  const spent = await deps.db
    .insert(twoFactorBackupCodeUses)
    .values({ userId: opened.userId, codeHash: backupCodeHash(opened.userId, attempt.code) })
    .onConflictDoNothing()
    .returning({ userId: twoFactorBackupCodeUses.userId });
  if (spent.length === 0) throw new CodeAlreadyUsed();
}

/** Only a hash is kept: the list Better Auth stores is encrypted, a spent code in clear would undo that. */
const backupCodeHash = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('base64url');

/**
 * Records the code's time step as the account's last one, only if it is later than the last one recorded: one
 * conditional UPDATE, so of two requests with the same code (or an older one) exactly one succeeds. The key is
 * matched too, in case the account enrolled again in between.
 */
async function spendTotpStep(deps: AppDeps, db: Db | Tx, userId: string, code: string): Promise<void> {
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) throw new Error('no two-factor key for the account');
  const ctx = await deps.auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secret, data: row.secret });
  // The real clock, as Better Auth's own check uses (never a test's fixed one).
  const step = stepOfCode(secret, code, Date.now());
  // Better Auth accepted it, so it belongs to a step near now; if not, something disagrees: refuse.
  if (step === null) throw new Error('the accepted code matches no time step near now');
  const spent = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        eq(twoFactor.secret, row.secret),
        or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  if (spent.length === 0) throw new CodeAlreadyUsed();
}
