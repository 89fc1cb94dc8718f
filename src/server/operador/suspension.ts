import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, session, user } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { setAccountOpinionsHidden } from '#server/opiniones/suspension';
import { recordAudit, type Actor } from './audit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const ACCOUNT_SUSPENDED = 'Tu cuenta está suspendida. Si creés que es un error, escribinos.';

/**
 * Refuses a write of a suspended account, holding its user row (shared) for the rest of the transaction, so a
 * suspension (which locks the row for update) either commits first and is seen here, or waits for this write to
 * commit and then hides what it wrote. Take it before any business row: the suspension locks user, then businesses.
 */
export async function lockActiveAccount(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx.select({ suspendedAt: user.suspendedAt }).from(user).where(eq(user.id, userId)).for('share');
  if (row?.suspendedAt) throw new AppError(403, 'account_suspended', ACCOUNT_SUSPENDED);
}
type ComercioRow = typeof comercios.$inferSelect;
type Oculto = Pick<typeof comercios.$inferInsert, 'ocultoMotivo' | 'ocultoPor' | 'ocultoAt'>;

/** Hides or shows each business the same way, one row at a time, so each change carries its own before/after. */
async function setOculto(tx: Tx, rows: ComercioRow[], oculto: Oculto, now: Date): Promise<ComercioChange[]> {
  const changes: ComercioChange[] = [];
  for (const c of rows) {
    const [after] = await tx.update(comercios).set(oculto).where(eq(comercios.id, c.id)).returning();
    changes.push({
      id: c.id,
      before: snapshotOf(c, now),
      after: snapshotOf(after!, now),
      comercio: true,
      promociones: true,
    });
  }
  return changes;
}

/**
 * Suspends an account: its sessions are deleted (signed out everywhere at once), it cannot sign in again
 * (auth.ts refuses new sessions), its visible businesses are hidden with the suspension as the reason, and its
 * visible opinions are hidden and stop counting (ADR 042). One transaction, one audit row; returns the public
 * changes for the cache.
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
    // Businesses hidden already (by moderation) get a new row version too: an owner's save read before this
    // suspension then finds its version gone and reads again, and that read sees the suspension (owner-service.ts).
    await tx
      .update(comercios)
      .set({ propietarioId: userId })
      .where(and(eq(comercios.propietarioId, userId), isNotNull(comercios.ocultoMotivo)));
    const before = await tx
      .select()
      .from(comercios)
      .where(and(eq(comercios.propietarioId, userId), isNull(comercios.ocultoMotivo)))
      .for('update');
    const changes = await setOculto(
      tx,
      before,
      { ocultoMotivo: `Cuenta suspendida: ${motivo}`, ocultoPor: 'suspension', ocultoAt: now },
      now,
    );
    const opinions = await setAccountOpinionsHidden(tx, userId, true, now);
    await recordAudit(tx, actor, {
      action: 'suspender_cuenta',
      targetType: 'user',
      targetId: userId,
      reason: motivo,
      before: { suspendida: false },
      after: {
        suspendida: true,
        sesionesCerradas: sessions.length,
        comerciosOcultos: before.map((c) => c.id),
        opinionesOcultas: opinions.ids,
      },
    });
    return [...changes, ...opinions.changes];
  });
}

/**
 * Lifts a suspension and shows again the businesses and opinions it hid (those an operator hid stay hidden), the
 * ratings recomputed in the same transaction.
 */
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
    const changes = await setOculto(tx, before, { ocultoMotivo: null, ocultoPor: null, ocultoAt: null }, now);
    const opinions = await setAccountOpinionsHidden(tx, userId, false, now);
    await recordAudit(tx, actor, {
      action: 'reincorporar_cuenta',
      targetType: 'user',
      targetId: userId,
      reason: motivo,
      before: { suspendida: true, motivo: target.suspendedReason },
      after: {
        suspendida: false,
        comerciosRestaurados: before.map((c) => c.id),
        opinionesRestauradas: opinions.ids,
      },
    });
    return [...changes, ...opinions.changes];
  });
}
