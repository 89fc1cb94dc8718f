import { and, eq, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '#server/db/client';
import { session } from '#server/db/schema';
import { recordAudit } from '#server/operador/audit';

/**
 * The session token in a Set-Cookie Better Auth sent (its signed cookie is `token.signature`,
 * URL-encoded), or null when the answer set none.
 */
export function sessionTokenOf(reply: FastifyReply): string | null {
  const header = reply.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  for (const cookie of cookies) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]).split('.')[0] || null;
  }
  return null;
}

/**
 * Enrolling the second factor ends every other session of the account (ADR 018): one opened before, on a
 * forgotten computer, would otherwise keep the console open without ever passing the code. The session Better
 * Auth re-issued for the enrolment is kept, and the enrolment is recorded with how many sessions closed.
 */
export async function closeSessionsOpenedBeforeEnrolment(
  db: Db,
  actor: { id: string; email: string },
  keptToken: string,
): Promise<number> {
  return db.transaction(async (tx) => {
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
    return closed.length;
  });
}
