import { and, eq } from 'drizzle-orm';
import type { Auth } from '#server/auth/auth';
import type { Db } from '#server/db/client';
import { account } from '#server/db/schema';
import { AppError } from '#server/http/errors';

export const WRONG_PASSWORD = 'La contraseña no es correcta.';

/**
 * Refunds and suspensions ask the operator for their password again (a session left open on a shared
 * computer is not enough). Checked with Better Auth's own hasher against the account's credential.
 */
export async function confirmPassword(db: Db, auth: Auth, userId: string, password: string): Promise<void> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  const ctx = await auth.$context;
  const ok = credential?.hash ? await ctx.password.verify({ hash: credential.hash, password }) : false;
  if (!ok) throw new AppError(403, 'wrong_password', WRONG_PASSWORD);
}
