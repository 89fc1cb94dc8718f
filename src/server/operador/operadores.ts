import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client';
import { operadorDesignaciones, user } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { recordAudit, type Actor } from './audit';

export const SYSTEM_ACTOR: Actor = { id: null, email: 'sistema' };
/** `npm run operator:add|remove`, also for an appointment made there and claimed later at a request. */
export const CLI_ACTOR: Actor = { id: null, email: 'linea de comandos' };
export const CLI_ADD_REASON = 'npm run operator:add';

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

/**
 * The command line's `add`: promotes the account with this email, or, when there is none yet, records a
 * pending appointment that makes it an operator the first time it is seen signed in (`claimAppointment`).
 * The audit row is written at the promotion, with this actor and reason.
 */
export async function appointOperator(
  db: Db,
  actor: Actor,
  email: string,
  reason: string,
): Promise<'promoted' | 'already' | 'pending'> {
  const normal = email.trim().toLowerCase();
  if (!z.email().safeParse(normal).success) throw new AppError(400, 'invalid_email', 'No es un email válido.');
  try {
    return (await promoteOperator(db, actor, normal, reason)) ? 'promoted' : 'already';
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 404) throw err;
  }
  await db.insert(operadorDesignaciones).values({ email: normal }).onConflictDoNothing();
  return 'pending';
}

/** Cancels a pending appointment; false when there was none. */
export async function cancelAppointment(db: Db, email: string): Promise<boolean> {
  const deleted = await db
    .delete(operadorDesignaciones)
    .where(eq(operadorDesignaciones.email, email.trim().toLowerCase()))
    .returning({ email: operadorDesignaciones.email });
  return deleted.length > 0;
}

/**
 * Promotes a signed-in account the command line appointed before it existed, consuming the appointment in
 * the same transaction as the promotion and its audit row (actor: the command line). False when there is none.
 */
export async function claimAppointment(db: Db, actor: Actor, email: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .delete(operadorDesignaciones)
      .where(eq(operadorDesignaciones.email, email.trim().toLowerCase()))
      .returning({ email: operadorDesignaciones.email });
    if (!claimed) return false;
    const [target] = await tx
      .update(user)
      .set({ role: 'operator', updatedAt: sql`now()` })
      .where(and(eq(sql`lower(${user.email})`, claimed.email), eq(user.role, 'owner')))
      .returning({ id: user.id });
    if (!target) return false;
    await recordAudit(tx, actor, {
      action: 'promover_operador',
      targetType: 'user',
      targetId: target.id,
      reason,
      before: { role: 'owner' },
      after: { role: 'operator' },
    });
    return true;
  });
}

export const DEMOTE_MESSAGES = {
  notOperator: 'Esta cuenta no es operadora.',
  self: 'No podés quitarte a vos el rol de operador: pedíselo a otra persona operadora.',
  last: 'Es la única cuenta operadora: nombrá a otra antes de quitarle el rol.',
  configured:
    'Esta cuenta figura en OPERATOR_EMAILS y volvería a ser operadora al entrar: sacala de esa lista en la configuración del servidor primero.',
} as const;

/**
 * Makes an operator an owner again, with its audit row, in one transaction. Refused for oneself (another
 * operator decides, as with a suspension), for the last operator (the console would have nobody left) and for
 * an account OPERATOR_EMAILS would promote again at its next request. Every operator row is locked first, in
 * id order, so two demotions at once cannot each see "one other left" and leave none.
 */
export async function demoteOperator(
  db: Db,
  actor: Actor,
  target: { id: string } | { email: string },
  reason: string,
  operatorEmails: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const operators = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.role, 'operator'))
      .orderBy(asc(user.id))
      .for('update');
    const found =
      'id' in target
        ? operators.find((o) => o.id === target.id)
        : operators.find((o) => o.email.toLowerCase() === target.email.trim().toLowerCase());
    if (!found) {
      const [exists] = await tx
        .select({ id: user.id })
        .from(user)
        .where(
          'id' in target ? eq(user.id, target.id) : eq(sql`lower(${user.email})`, target.email.trim().toLowerCase()),
        );
      if (!exists) throw notFound('No hay ninguna cuenta con ese email.');
      throw new AppError(409, 'not_operator', DEMOTE_MESSAGES.notOperator);
    }
    if (actor.id === found.id) throw new AppError(409, 'self_demote', DEMOTE_MESSAGES.self);
    if (operators.length <= 1) throw new AppError(409, 'last_operator', DEMOTE_MESSAGES.last);
    if (operatorEmails.includes(found.email.toLowerCase()))
      throw new AppError(409, 'configured_operator', DEMOTE_MESSAGES.configured);
    await tx
      .update(user)
      .set({ role: 'owner', updatedAt: sql`now()` })
      .where(eq(user.id, found.id));
    await recordAudit(tx, actor, {
      action: 'quitar_operador',
      targetType: 'user',
      targetId: found.id,
      reason,
      before: { role: 'operator' },
      after: { role: 'owner' },
    });
  });
}
