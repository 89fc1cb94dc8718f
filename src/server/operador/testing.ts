import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client';
import { auditLog, user } from '#server/db/schema';
import { TEST_ORIGIN } from '#server/testing/app';

/**
 * Makes an account an operator directly in the database, already enrolled in the second factor (two-factor.test.ts
 * goes through the real enrolment and sign-in with a code).
 */
export async function makeOperator(db: Db, userId: string, twoFactorEnabled = true): Promise<void> {
  await db.update(user).set({ role: 'operator', twoFactorEnabled }).where(eq(user.id, userId));
}

export async function auditRows(db: Db) {
  return db.select().from(auditLog).orderBy(auditLog.id);
}

/** An inject() call as the browser makes it (our origin, the session cookie when given). */
export function caller(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
}
