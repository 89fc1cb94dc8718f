import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { recordAudit, type Actor } from './audit';

export const SYSTEM_ACTOR: Actor = { id: null, email: 'sistema' };

/**
 * Makes the account with this email an operator, with its audit row, in one transaction. Returns false when
 * it already was one (nothing changes, nothing is recorded).
 */
export async function promoteOperator(db: Db, actor: Actor, email: string, reason: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!target) throw notFound('No hay ninguna cuenta con ese email. La persona tiene que registrarse primero.');
    if (target.role === 'operator') return false;
    await tx
      .update(user)
      .set({ role: 'operator', updatedAt: sql`now()` })
      .where(and(eq(user.id, target.id), eq(user.role, 'owner')));
    await recordAudit(tx, actor, {
      action: 'promover_operador',
      targetType: 'user',
      targetId: target.id,
      reason,
      before: { role: target.role },
      after: { role: 'operator' },
    });
    return true;
  });
}
