import { desc, or, sql } from 'drizzle-orm';
import { OPERADOR_PAGE_SIZE, type OperadorCuentaRow, type Paged } from '#shared/operador';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';

/** Accounts, newest first; `q` matches the email or the name. */
export async function listCuentas(
  db: Db,
  query: { page: number; q?: string | undefined },
): Promise<Paged<OperadorCuentaRow>> {
  const like = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({
      u: user,
      // Written out: drizzle drops table names from columns inside a raw subquery.
      comercios: sql<number>`(SELECT count(*) FROM comercios c WHERE c.propietario_id = "user".id)::int`,
    })
    .from(user)
    .where(like ? or(sql`lower(${user.email}) LIKE ${like}`, sql`lower(${user.name}) LIKE ${like}`) : undefined)
    .orderBy(desc(user.createdAt), user.id)
    .limit(OPERADOR_PAGE_SIZE + 1)
    .offset((query.page - 1) * OPERADOR_PAGE_SIZE);
  return {
    page: query.page,
    hasMore: rows.length > OPERADOR_PAGE_SIZE,
    items: rows.slice(0, OPERADOR_PAGE_SIZE).map(({ u, comercios: n }) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === 'operator' ? 'operator' : 'owner',
      suspendida: u.suspendedAt !== null,
      suspendedReason: u.suspendedReason,
      comercios: Number(n),
      createdAt: u.createdAt.toISOString(),
    })),
  };
}
