import { and, desc, eq, sql } from 'drizzle-orm';
import { OPERADOR_PAGE_SIZE, type EstadoDenuncia, type OperadorDenunciaRow, type Paged } from '#shared/operador';
import type { Db } from '#server/db/client';
import { comercios, denuncias, opiniones, promociones, user } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import type { ComercioChange } from '#server/cache/scope';
import { hideOpinionTx } from '#server/opiniones/service';
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
      opinionEstrellas: opiniones.estrellas,
      opinionTexto: opiniones.texto,
      opinionOculta: sql<boolean>`${opiniones.ocultoAt} IS NOT NULL`,
      opinionAutor: user.name,
    })
    .from(denuncias)
    .innerJoin(comercios, eq(comercios.id, denuncias.comercioId))
    .leftJoin(promociones, eq(promociones.id, denuncias.promocionId))
    .leftJoin(opiniones, eq(opiniones.id, denuncias.opinionId))
    .leftJoin(user, eq(user.id, opiniones.userId))
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
    items: rows.slice(0, OPERADOR_PAGE_SIZE).map(({ d, comercioNombre, comercioOculto, promocionTitulo, ...o }) => ({
      id: d.id,
      comercioId: d.comercioId,
      comercioNombre,
      comercioOculto,
      promocionId: d.promocionId,
      promocionTitulo,
      opinion:
        d.opinionId !== null && o.opinionTexto !== null
          ? {
              id: d.opinionId,
              estrellas: o.opinionEstrellas!,
              texto: o.opinionTexto,
              autor: o.opinionAutor ?? '',
              oculta: Boolean(o.opinionOculta),
            }
          : null,
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

/** What a report is about: its business, and the opinion when it is about one. */
export async function targetOfDenuncia(db: Db, id: number): Promise<{ comercioId: number; opinionId: number | null }> {
  const [row] = await db
    .select({ comercioId: denuncias.comercioId, opinionId: denuncias.opinionId })
    .from(denuncias)
    .where(eq(denuncias.id, id));
  if (!row) throw notFound('No encontramos esta denuncia.');
  return row;
}

/**
 * "Ocultar" on a report about an opinion: the opinion leaves the page and stops counting (its business's rating
 * recomputed), every pending report of it is answered, one audit row; all in one transaction (ADR 027).
 */
export async function hideReportedOpinion(
  db: Db,
  actor: Actor,
  id: number,
  nota: string,
  now: Date,
): Promise<ComercioChange | null> {
  return db.transaction(async (tx) => {
    const [denuncia] = await tx.select().from(denuncias).where(eq(denuncias.id, id)).for('update');
    if (!denuncia?.opinionId) throw notFound('No encontramos esta denuncia.');
    if (denuncia.estado !== 'pendiente') throw new AppError(409, 'already_resolved', 'Esta denuncia ya fue resuelta.');
    const hidden = await hideOpinionTx(tx, denuncia.opinionId, nota, now);
    const resueltas = await tx
      .update(denuncias)
      .set({ estado: 'oculto', nota, resueltaPor: actor.id, resueltaAt: now })
      .where(and(eq(denuncias.opinionId, denuncia.opinionId), eq(denuncias.estado, 'pendiente')))
      .returning({ id: denuncias.id });
    await recordAudit(tx, actor, {
      action: 'ocultar_opinion',
      targetType: 'opinion',
      targetId: denuncia.opinionId,
      reason: nota,
      before: { comercioId: denuncia.comercioId, oculta: false },
      after: {
        comercioId: denuncia.comercioId,
        oculta: true,
        denuncias: resueltas.map((r) => r.id).sort((a, b) => a - b),
      },
    });
    return hidden?.change ?? null;
  });
}
