import { and, desc, eq, sql } from 'drizzle-orm';
import { OPERADOR_PAGE_SIZE, type EstadoDenuncia, type OperadorDenunciaRow, type Paged } from '#shared/operador';
import type { Db } from '#server/db/client';
import { comercios, denuncias, promociones } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { recordAudit, type Actor } from './audit';

/** The reports queue: pending ones oldest first (first come, first seen), resolved ones newest first. */
export async function listDenuncias(
  db: Db,
  query: { estado: EstadoDenuncia; page: number; comercioId?: number },
): Promise<Paged<OperadorDenunciaRow>> {
  const rows = await db
    .select({
      d: denuncias,
      comercioNombre: comercios.nombre,
      comercioOculto: sql<boolean>`${comercios.ocultoMotivo} IS NOT NULL`,
      promocionTitulo: promociones.titulo,
    })
    .from(denuncias)
    .innerJoin(comercios, eq(comercios.id, denuncias.comercioId))
    .leftJoin(promociones, eq(promociones.id, denuncias.promocionId))
    .where(
      and(
        eq(denuncias.estado, query.estado),
        query.comercioId ? eq(denuncias.comercioId, query.comercioId) : undefined,
      ),
    )
    .orderBy(query.estado === 'pendiente' ? denuncias.id : desc(denuncias.id))
    .limit(OPERADOR_PAGE_SIZE + 1)
    .offset((query.page - 1) * OPERADOR_PAGE_SIZE);
  return {
    page: query.page,
    hasMore: rows.length > OPERADOR_PAGE_SIZE,
    items: rows.slice(0, OPERADOR_PAGE_SIZE).map(({ d, comercioNombre, comercioOculto, promocionTitulo }) => ({
      id: d.id,
      comercioId: d.comercioId,
      comercioNombre,
      comercioOculto,
      promocionId: d.promocionId,
      promocionTitulo,
      motivo: d.motivo,
      detalle: d.detalle,
      estado: d.estado as EstadoDenuncia,
      nota: d.nota,
      createdAt: d.createdAt.toISOString(),
      resueltaAt: d.resueltaAt?.toISOString() ?? null,
    })),
  };
}

/** Dismisses a pending report with a note (one audit row, same transaction). */
export async function dismissDenuncia(db: Db, actor: Actor, id: number, nota: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(denuncias).where(eq(denuncias.id, id)).for('update');
    if (!before) throw notFound('No encontramos esta denuncia.');
    if (before.estado !== 'pendiente') throw new AppError(409, 'already_resolved', 'Esta denuncia ya fue resuelta.');
    await tx
      .update(denuncias)
      .set({ estado: 'descartada', nota, resueltaPor: actor.id, resueltaAt: now })
      .where(eq(denuncias.id, id));
    await recordAudit(tx, actor, {
      action: 'descartar_denuncia',
      targetType: 'denuncia',
      targetId: id,
      reason: nota,
      before: { estado: before.estado, comercioId: before.comercioId },
      after: { estado: 'descartada', comercioId: before.comercioId },
    });
  });
}

export async function comercioOfDenuncia(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ comercioId: denuncias.comercioId }).from(denuncias).where(eq(denuncias.id, id));
  if (!row) throw notFound('No encontramos esta denuncia.');
  return row.comercioId;
}
