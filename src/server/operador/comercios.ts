import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import type {
  EstadoComercio,
  OperadorComercioDetalle,
  OperadorComercioRow,
  OperadorComerciosQuery,
  Paged,
} from '#shared/operador';
import { OPERADOR_PAGE_SIZE } from '#shared/operador';
import { publicationState } from '#shared/rules/publication';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import { containsPattern, publishedWhere } from '#server/comercios/published';
import type { Db } from '#server/db/client';
import { auditLog, comercios, denuncias, revisiones, user } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { recordAudit, type Actor } from './audit';
import { listPagos } from './pagos';

type ComercioRow = typeof comercios.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function resolvePendingReports(
  tx: Tx,
  actor: Actor,
  comercioId: number,
  denunciaId: number,
  nota: string,
  now: Date,
): Promise<number[]> {
  const [denuncia] = await tx.select().from(denuncias).where(eq(denuncias.id, denunciaId)).for('update');
  if (!denuncia || denuncia.comercioId !== comercioId) throw notFound('No encontramos esta denuncia.');
  if (denuncia.estado !== 'pendiente') throw new AppError(409, 'already_resolved', 'Esta denuncia ya fue resuelta.');
  const rows = await tx
    .update(denuncias)
    .set({ estado: 'oculto', nota, resueltaPor: actor.id, resueltaAt: now })
    // Reports on one of its opinions stay: they are about the opinion, which an operator judges on its own.
    .where(and(eq(denuncias.comercioId, comercioId), eq(denuncias.estado, 'pendiente'), isNull(denuncias.opinionId)))
    .returning({ id: denuncias.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A review request answered from the queue: it must still be pending, and be about the business acted on. */
export async function lockPendingRevision(tx: Tx, comercioId: number, revisionId: number) {
  const [revision] = await tx.select().from(revisiones).where(eq(revisiones.id, revisionId)).for('update');
  if (!revision || revision.comercioId !== comercioId) throw notFound('No encontramos este pedido de revisión.');
  if (revision.estado !== 'pendiente')
    throw new AppError(409, 'already_resolved', 'Este pedido de revisión ya fue respondido.');
  return revision;
}

export function estadoOf(
  row: Pick<ComercioRow, 'pagoStatus' | 'fechaPago' | 'ocultoMotivo'>,
  now: Date,
): EstadoComercio {
  if (row.ocultoMotivo) return 'oculto';
  const kind = publicationState(row, now).kind;
  return kind === 'active' ? 'publicado' : kind === 'unpaid' ? 'sin_pagar' : 'vencido';
}

function estadoWhere(estado: EstadoComercio, now: Date): SQL {
  const since = new Date(now.getTime() - PUBLICATION_DAYS * 86_400_000).toISOString();
  const visible = isNull(comercios.ocultoMotivo);
  switch (estado) {
    case 'oculto':
      return isNotNull(comercios.ocultoMotivo);
    case 'publicado':
      return publishedWhere(now);
    case 'sin_pagar':
      return and(visible, or(sql`NOT ${comercios.pagoStatus}`, isNull(comercios.fechaPago)))!;
    case 'vencido':
      return and(visible, comercios.pagoStatus, sql`${comercios.fechaPago} <= ${since}::timestamptz`)!;
  }
}

const rowColumns = {
  comercio: comercios,
  ownerId: user.id,
  ownerEmail: user.email,
  ownerName: user.name,
};

function toRow(
  r: { comercio: ComercioRow; ownerId: string | null; ownerEmail: string | null; ownerName: string | null },
  now: Date,
): OperadorComercioRow {
  const c = r.comercio;
  return {
    id: c.id,
    nombre: c.nombre,
    categoria: c.categoria,
    localidad: c.localidad,
    estado: estadoOf(c, now),
    ocultoMotivo: c.ocultoMotivo,
    fechaPago: c.fechaPago?.toISOString() ?? null,
    propietario: r.ownerId ? { id: r.ownerId, email: r.ownerEmail!, name: r.ownerName! } : null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** Every business in any state, newest first; `q` matches its texts or its owner's email. */
export async function listComercios(
  db: Db,
  query: OperadorComerciosQuery,
  now: Date,
): Promise<Paged<OperadorComercioRow>> {
  const filters: SQL[] = [];
  if (query.estado) filters.push(estadoWhere(query.estado, now));
  if (query.q) {
    const email = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(sql`${comercios.searchText} LIKE ${containsPattern(query.q)}`, sql`lower(${user.email}) LIKE ${email}`)!,
    );
  }
  const rows = await db
    .select(rowColumns)
    .from(comercios)
    .leftJoin(user, eq(user.id, comercios.propietarioId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(comercios.id))
    .limit(OPERADOR_PAGE_SIZE + 1)
    .offset((query.page - 1) * OPERADOR_PAGE_SIZE);
  return {
    page: query.page,
    hasMore: rows.length > OPERADOR_PAGE_SIZE,
    items: rows.slice(0, OPERADOR_PAGE_SIZE).map((r) => toRow(r, now)),
  };
}

export async function getComercio(db: Db, id: number, now: Date): Promise<OperadorComercioDetalle> {
  const [r] = await db
    .select(rowColumns)
    .from(comercios)
    .leftJoin(user, eq(user.id, comercios.propietarioId))
    .where(eq(comercios.id, id));
  if (!r) throw notFound('No encontramos este comercio.');
  const history = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'comercio'), eq(auditLog.targetId, String(id))))
    .orderBy(desc(auditLog.id))
    .limit(100);
  return {
    ...toRow(r, now),
    descripcion: r.comercio.descripcion,
    direccion: r.comercio.direccion,
    telefono: r.comercio.telefono,
    pagos: (await listPagos(db, { page: 1, comercioId: id })).items,
    auditoria: history.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

const moderation = (c: ComercioRow, now: Date) => ({
  ocultoMotivo: c.ocultoMotivo,
  ocultoPor: c.ocultoPor,
  estado: estadoOf(c, now),
});

/**
 * Hides a business from every public answer, with the reason its owner will read; returns what the public
 * lost, for the cache. The audit row is written in the same transaction.
 */
export async function hideComercio(
  db: Db,
  actor: Actor,
  id: number,
  motivo: string,
  now: Date,
  /** Hiding from the reports queue: the report must be pending and about this business. */
  extra: { denunciaId?: number } = {},
): Promise<ComercioChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(comercios).where(eq(comercios.id, id)).for('update');
    if (!before) throw notFound('No encontramos este comercio.');
    if (before.ocultoMotivo) throw new AppError(409, 'already_hidden', 'Este comercio ya está oculto.');
    const [after] = await tx
      .update(comercios)
      .set({ ocultoMotivo: motivo, ocultoPor: 'moderacion', ocultoAt: now })
      .where(eq(comercios.id, id))
      .returning();
    // Every pending report of the business is answered by the hide (the same action, one audit row).
    const resueltas = extra.denunciaId ? await resolvePendingReports(tx, actor, id, extra.denunciaId, motivo, now) : [];
    await recordAudit(tx, actor, {
      action: 'ocultar_comercio',
      targetType: 'comercio',
      targetId: id,
      reason: motivo,
      before: moderation(before, now),
      after: { ...moderation(after!, now), ...(resueltas.length ? { denuncias: resueltas } : {}) },
    });
    return { id, before: snapshotOf(before, now), after: snapshotOf(after!, now), comercio: true, promociones: true };
  });
}

/**
 * Shows a business hidden by moderation again (one hidden with its owner's suspension waits for reinstatement).
 * Its owner's pending review request, if any, is answered by it: closed as 'restaurado' in the same transaction
 * and named in the one audit row, whether the operator came from the request or from the business.
 */
export async function restoreComercio(
  db: Db,
  actor: Actor,
  id: number,
  motivo: string,
  now: Date,
  /** Restoring from the review requests: the request must be pending and about this business. */
  extra: { revisionId?: number } = {},
): Promise<ComercioChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(comercios).where(eq(comercios.id, id)).for('update');
    if (!before) throw notFound('No encontramos este comercio.');
    if (extra.revisionId !== undefined) await lockPendingRevision(tx, id, extra.revisionId);
    if (!before.ocultoMotivo) throw new AppError(409, 'not_hidden', 'Este comercio no está oculto.');
    if (before.ocultoPor === 'suspension')
      throw new AppError(
        409,
        'owner_suspended',
        'Este comercio está oculto porque su cuenta está suspendida: reincorporá la cuenta para mostrarlo.',
      );
    const [after] = await tx
      .update(comercios)
      .set({ ocultoMotivo: null, ocultoPor: null, ocultoAt: null })
      .where(eq(comercios.id, id))
      .returning();
    const [revision] = await tx
      .update(revisiones)
      .set({ estado: 'restaurado', resueltaPor: actor.id, resueltaAt: now })
      .where(and(eq(revisiones.comercioId, id), eq(revisiones.estado, 'pendiente')))
      .returning({ id: revisiones.id });
    await recordAudit(tx, actor, {
      action: 'restaurar_comercio',
      targetType: 'comercio',
      targetId: id,
      reason: motivo,
      before: moderation(before, now),
      after: { ...moderation(after!, now), ...(revision ? { revision: revision.id } : {}) },
    });
    return { id, before: snapshotOf(before, now), after: snapshotOf(after!, now), comercio: true, promociones: true };
  });
}
