import type { Db } from '#server/db/client';
import { auditLog } from '#server/db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Who acted: an operator, an owner (their own business's history), or the system (OPERATOR_EMAILS, the
 * command line) with a null id.
 */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  action: string;
  targetType: 'comercio' | 'user' | 'pago' | 'denuncia' | 'opinion';
  targetId: string | number;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the one audit row of an operator action (or of an owner's change to their business). Takes the action's transaction on purpose: the row and
 * the change it describes commit together or not at all (ADR 018).
 */
export async function recordAudit(tx: Tx | Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
