import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { countAttempt } from '#server/auth/rate-limit-store';
import { account, rateLimits } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { AppError, TOO_MANY_ATTEMPTS } from '#server/http/errors';

export const WRONG_PASSWORD = 'La contraseña no es correcta.';

/** The window of the re-prompt's allowance, the same as sign-in's. */
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Refunds and suspensions ask the operator for their password again (a session left open on a shared
 * computer is not enough). Checked with Better Auth's own hasher against the account's credential.
 *
 * Whoever holds such a session could guess the password here without the sign-in's limits, so the attempts
 * are limited per account in the shared database (AUTH_RATE_LIMIT_PER_ACCOUNT in 15 minutes, every instance
 * and restart counted together). Every attempt is counted before the password is checked, so concurrent
 * guesses cannot all slip under the limit; a right password clears the count, so an operator who refunds all
 * afternoon never meets it.
 */
export async function confirmPassword(
  deps: Pick<AppDeps, 'db' | 'auth' | 'config' | 'now'>,
  reply: { header(name: string, value: number): unknown },
  userId: string,
  password: string,
): Promise<void> {
  const key = `operador:password:${createHash('sha256').update(userId).digest('base64url')}`;
  const hit = await countAttempt(deps.db, key, WINDOW_MS, deps.now());
  if (hit.current > deps.config.AUTH_RATE_LIMIT_PER_ACCOUNT) {
    reply.header('retry-after', Math.ceil(hit.ttl / 1000));
    throw new AppError(429, 'too_many_requests', TOO_MANY_ATTEMPTS);
  }
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  const ctx = await deps.auth.$context;
  const ok = credential?.hash ? await ctx.password.verify({ hash: credential.hash, password }) : false;
  if (!ok) throw new AppError(403, 'wrong_password', WRONG_PASSWORD);
  await deps.db.delete(rateLimits).where(eq(rateLimits.key, key));
}
