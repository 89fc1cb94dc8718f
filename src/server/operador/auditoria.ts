import { desc, inArray, notInArray } from 'drizzle-orm';
import { OPERADOR_PAGE_SIZE, OWNER_ACTIONS, type AuditRow } from '#shared/operador';
import type { Db } from '#server/db/client';
import { auditLog, comercios, user } from '#server/db/schema';

/**
 * One page of the console's Auditoría: operators' and the system's actions (owners' own edits show in each
 * business's history), each with a readable name for what it acted on (a business's name, an account's email)
 * instead of its bare id. A target deleted since keeps only its id.
 */
export async function listAuditoria(
  db: Db,
  page: number,
): Promise<{ page: number; hasMore: boolean; items: AuditRow[] }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(notInArray(auditLog.action, [...OWNER_ACTIONS]))
    .orderBy(desc(auditLog.id))
    .limit(OPERADOR_PAGE_SIZE + 1)
    .offset((page - 1) * OPERADOR_PAGE_SIZE);
  const shown = rows.slice(0, OPERADOR_PAGE_SIZE);
  const ids = (type: string) => [...new Set(shown.filter((r) => r.targetType === type).map((r) => r.targetId))];
  const comercioIds = ids('comercio')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const userIds = ids('user');
  const [nombres, emails] = await Promise.all([
    comercioIds.length
      ? db
          .select({ id: comercios.id, nombre: comercios.nombre })
          .from(comercios)
          .where(inArray(comercios.id, comercioIds))
      : [],
    userIds.length ? db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, userIds)) : [],
  ]);
  const comercioNombre = new Map(nombres.map((c) => [String(c.id), c.nombre]));
  const userEmail = new Map(emails.map((u) => [u.id, u.email]));
  const labelOf = (type: string, id: string): string | null => {
    if (type === 'comercio') return comercioNombre.get(id) ?? null;
    if (type === 'user') return userEmail.get(id) ?? null;
    return null;
  };
  return {
    page,
    hasMore: rows.length > OPERADOR_PAGE_SIZE,
    items: shown.map((r) => ({
      ...r,
      targetLabel: labelOf(r.targetType, r.targetId),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
