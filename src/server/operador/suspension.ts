import { and, eq, isNull, sql } from 'drizzle-orm';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, session, user } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { recordAudit, type Actor } from './audit';

/**
 * Suspends an account: its sessions are deleted (signed out everywhere at once), it cannot sign in again
 * (auth.ts refuses new sessions), and its visible businesses are hidden with the suspension as the reason.
 * One transaction, one audit row; returns the public changes for the cache.
 */
export async function suspendAccount(
  db: Db,
  actor: Actor,
  userId: string,
  motivo: string,
  now: Date,
): Promise<ComercioChange[]> {
  if (actor.id === userId) throw new AppError(409, 'self_suspension', 'No podés suspender tu propia cuenta.');
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    if (!target) throw notFound('No encontramos esta cuenta.');
    if (target.role === 'operator') throw new AppError(409, 'operator', 'No se puede suspender a un operador.');
    if (target.suspendedAt) throw new AppError(409, 'already_suspended', 'Esta cuenta ya está suspendida.');
    await tx
      .update(user)
      .set({ suspendedAt: now, suspendedReason: motivo, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
    const sessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    const before = await tx
      .select()
      .from(comercios)
      .where(and(eq(comercios.propietarioId, userId), isNull(comercios.ocultoMotivo)))
      .for('update');
    const changes: ComercioChange[] = [];
    for (const c of before) {
      const [after] = await tx
        .update(comercios)
        .set({ ocultoMotivo: `Cuenta suspendida: ${motivo}`, ocultoPor: 'suspension', ocultoAt: now })
        .where(eq(comercios.id, c.id))
        .returning();
      changes.push({
        id: c.id,
        before: snapshotOf(c, now),
        after: snapshotOf(after!, now),
        comercio: true,
        promociones: true,
      });
    }
    await recordAudit(tx, actor, {
      action: 'suspender_cuenta',
      targetType: 'user',
      targetId: userId,
      reason: motivo,
      before: { suspendida: false },
      after: { suspendida: true, sesionesCerradas: sessions.length, comerciosOcultos: before.map((c) => c.id) },
    });
    return changes;
  });
}

/** Lifts a suspension and shows again the businesses it hid (those an operator hid stay hidden). */
export async function reinstateAccount(
  db: Db,
  actor: Actor,
  userId: string,
  motivo: string,
  now: Date,
): Promise<ComercioChange[]> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    if (!target) throw notFound('No encontramos esta cuenta.');
    if (!target.suspendedAt) throw new AppError(409, 'not_suspended', 'Esta cuenta no está suspendida.');
    await tx
      .update(user)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
    const before = await tx
      .select()
      .from(comercios)
      .where(and(eq(comercios.propietarioId, userId), eq(comercios.ocultoPor, 'suspension')))
      .for('update');
    const changes: ComercioChange[] = [];
    for (const c of before) {
      const [after] = await tx
        .update(comercios)
        .set({ ocultoMotivo: null, ocultoPor: null, ocultoAt: null })
        .where(eq(comercios.id, c.id))
        .returning();
      changes.push({
        id: c.id,
        before: snapshotOf(c, now),
        after: snapshotOf(after!, now),
        comercio: true,
        promociones: true,
      });
    }
    await recordAudit(tx, actor, {
      action: 'reincorporar_cuenta',
      targetType: 'user',
      targetId: userId,
      reason: motivo,
      before: { suspendida: true, motivo: target.suspendedReason },
      after: { suspendida: false, comerciosRestaurados: before.map((c) => c.id) },
    });
    return changes;
  });
}
