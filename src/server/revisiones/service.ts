import { and, desc, eq, gte } from 'drizzle-orm';
import { REVISION_NO_OCULTO, REVISION_PENDIENTE, type EstadoRevision, type Revision } from '#shared/revisiones';
import { NOT_YOURS } from '#server/comercios/owner-service';
import type { Db } from '#server/db/client';
import { comercios, revisiones } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { recordAudit } from '#server/operador/audit';
import { lockActiveAccount } from '#server/operador/suspension';

type RevisionRow = typeof revisiones.$inferSelect;

export const toRevision = (r: RevisionRow): Revision => ({
  id: r.id,
  estado: r.estado as EstadoRevision,
  nota: r.nota,
  respuesta: r.respuesta,
  createdAt: r.createdAt.toISOString(),
  resueltaAt: r.resueltaAt?.toISOString() ?? null,
});

/**
 * The owner's latest request about the current hiding, or null: a business shown again and later hidden anew
 * starts clean (an old answer is about an old reason).
 */
export async function latestRevision(db: Db, userId: string, comercioId: number): Promise<Revision | null> {
  const [comercio] = await db
    .select({ propietarioId: comercios.propietarioId, ocultoAt: comercios.ocultoAt })
    .from(comercios)
    .where(eq(comercios.id, comercioId));
  if (!comercio) throw notFound('No encontramos este comercio.');
  if (comercio.propietarioId !== userId) throw new AppError(403, 'forbidden', NOT_YOURS);
  if (!comercio.ocultoAt) return null;
  const [row] = await db
    .select()
    .from(revisiones)
    .where(and(eq(revisiones.comercioId, comercioId), gte(revisiones.createdAt, comercio.ocultoAt)))
    .orderBy(desc(revisiones.createdAt), desc(revisiones.id))
    .limit(1);
  return row ? toRevision(row) : null;
}

/**
 * "Pedir revisión": only the owner, only while an operator keeps the business hidden (one hidden with the
 * owner's suspension is answered by reinstating the account), one pending request at a time. The request and
 * its audit row commit together.
 */
export async function pedirRevision(
  db: Db,
  owner: { id: string; email: string },
  comercioId: number,
  nota: string,
  now: Date,
): Promise<Revision> {
  return db.transaction(async (tx) => {
    await lockActiveAccount(tx, owner.id);
    // The business row is held until the commit: a second send, or an operator's restore, waits for this one.
    const [comercio] = await tx.select().from(comercios).where(eq(comercios.id, comercioId)).for('update');
    if (!comercio) throw notFound('No encontramos este comercio.');
    if (comercio.propietarioId !== owner.id) throw new AppError(403, 'forbidden', NOT_YOURS);
    if (comercio.ocultoPor !== 'moderacion') throw new AppError(409, 'not_hidden', REVISION_NO_OCULTO);
    const [pending] = await tx
      .select({ id: revisiones.id })
      .from(revisiones)
      .where(and(eq(revisiones.comercioId, comercioId), eq(revisiones.estado, 'pendiente')));
    if (pending) throw new AppError(409, 'revision_pending', REVISION_PENDIENTE);
    const [row] = await tx
      .insert(revisiones)
      .values({ comercioId, userId: owner.id, nota, createdAt: now })
      .returning();
    await recordAudit(tx, owner, {
      action: 'pedir_revision',
      targetType: 'comercio',
      targetId: comercioId,
      reason: nota,
      before: { ocultoMotivo: comercio.ocultoMotivo },
      after: { revision: row!.id, estado: 'pendiente' },
    });
    return toRevision(row!);
  });
}
