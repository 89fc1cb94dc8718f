import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { OPERADOR_PAGE_SIZE, type OperadorPagoRow, type OperadorPagosQuery, type Paged } from '#shared/operador';
import type { Db } from '#server/db/client';
import { comercios, pagos, user } from '#server/db/schema';

/** The payments ledger, newest first, filtered by status, business, or a text (order id, email, business name). */
export async function listPagos(db: Db, query: OperadorPagosQuery): Promise<Paged<OperadorPagoRow>> {
  const filters: SQL[] = [];
  // A status outside the ledger's union matches nothing (the console offers only known ones).
  if (query.status) filters.push(sql`${pagos.status} = ${query.status}`);
  if (query.comercioId) filters.push(eq(pagos.comercioId, query.comercioId));
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        sql`lower(coalesce(${pagos.providerOrderId}, '')) LIKE ${like}`,
        sql`lower(coalesce(${user.email}, '')) LIKE ${like}`,
        sql`lower(coalesce(${comercios.nombre}, '')) LIKE ${like}`,
      )!,
    );
  }
  const rows = await db
    .select({ pago: pagos, comercioNombre: comercios.nombre, userEmail: user.email })
    .from(pagos)
    .leftJoin(comercios, eq(comercios.id, pagos.comercioId))
    .leftJoin(user, eq(user.id, pagos.userId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(pagos.id))
    .limit(OPERADOR_PAGE_SIZE + 1)
    .offset((query.page - 1) * OPERADOR_PAGE_SIZE);
  return {
    page: query.page,
    hasMore: rows.length > OPERADOR_PAGE_SIZE,
    items: rows.slice(0, OPERADOR_PAGE_SIZE).map(({ pago: p, comercioNombre, userEmail }) => ({
      id: p.id,
      comercioId: p.comercioId,
      comercioNombre,
      userEmail,
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      statusDetail: p.statusDetail,
      appliedAt: p.appliedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
