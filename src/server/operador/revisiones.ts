import { and, desc, eq } from 'drizzle-orm';
import { OPERADOR_PAGE_SIZE, type OperadorRevisionRow, type Paged } from '#shared/operador';
import type { EstadoRevision } from '#shared/revisiones';
import type { Db } from '#server/db/client';
import { comercios, revisiones, user } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { recordAudit, type Actor } from './audit';
import { lockPendingRevision } from './comercios';

/** Owners' review requests: pending ones oldest first (first come, first seen), answered ones newest first. */
export async function listRevisiones(
  db: Db,
  query: { estado: EstadoRevision; page: number },
): Promise<Paged<OperadorRevisionRow>> {
  const rows = await db
    .select({
      r: revisiones,
      comercioNombre: comercios.nombre,
      ocultoMotivo: comercios.ocultoMotivo,
      propietarioEmail: user.email,
    })
    .from(revisiones)
    .innerJoin(comercios, eq(comercios.id, revisiones.comercioId))
    .leftJoin(user, eq(user.id, revisiones.userId))
    .where(eq(revisiones.estado, query.estado))
    .orderBy(query.estado === 'pendiente' ? revisiones.id : desc(revisiones.id))
    .limit(OPERADOR_PAGE_SIZE + 1)
    .offset((query.page - 1) * OPERADOR_PAGE_SIZE);
  return {
    page: query.page,
    hasMore: rows.length > OPERADOR_PAGE_SIZE,
    items: rows.slice(0, OPERADOR_PAGE_SIZE).map(({ r, comercioNombre, ocultoMotivo, propietarioEmail }) => ({
      id: r.id,
      comercioId: r.comercioId,
      comercioNombre,
      ocultoMotivo,
      propietarioEmail,
      nota: r.nota,
      estado: r.estado as EstadoRevision,
      respuesta: r.respuesta,
      createdAt: r.createdAt.toISOString(),
      resueltaAt: r.resueltaAt?.toISOString() ?? null,
    })),
  };
}

/** Which business a request is about (the restore locks that business first, then the request). */
export async function comercioOfRevision(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ comercioId: revisiones.comercioId }).from(revisiones).where(eq(revisiones.id, id));
  if (!row) throw notFound('No encontramos este pedido de revisión.');
  return row.comercioId;
}

/**
 * Rejects a pending request: the business stays hidden and its owner reads `respuesta` on the card. One audit
 * row on the business (its history shows the request and the answer together), same transaction.
 */
export async function rejectRevision(db: Db, actor: Actor, id: number, respuesta: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ comercioId: revisiones.comercioId }).from(revisiones).where(eq(revisiones.id, id));
    if (!row) throw notFound('No encontramos este pedido de revisión.');
    const { comercioId } = row;
    // The business first, as a restore takes them: the two cannot deadlock on one request.
    await tx.select({ id: comercios.id }).from(comercios).where(eq(comercios.id, comercioId)).for('update');
    await lockPendingRevision(tx, comercioId, id);
    await tx
      .update(revisiones)
      .set({ estado: 'rechazado', respuesta, resueltaPor: actor.id, resueltaAt: now })
      .where(and(eq(revisiones.id, id), eq(revisiones.estado, 'pendiente')));
    await recordAudit(tx, actor, {
      action: 'rechazar_revision',
      targetType: 'comercio',
      targetId: comercioId,
      reason: respuesta,
      before: { revision: id, estado: 'pendiente' },
      after: { revision: id, estado: 'rechazado' },
    });
  });
}
