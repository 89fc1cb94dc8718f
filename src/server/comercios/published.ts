import { sql, type SQL } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import { mendozaDate } from '#shared/rules/dates';
import { comercios, promociones } from '#server/db/schema';

/**
 * The publication rule in SQL, twin of isPublished() in src/shared: paid, fewer than 30 × 24 h since
 * fecha_pago, and not hidden by an operator. `now` comes from the server's clock so both sides agree to the
 * millisecond.
 */
export function publishedWhere(now: Date): SQL {
  const since = new Date(now.getTime() - PUBLICATION_DAYS * 86_400_000);
  return sql`(${comercios.pagoStatus} AND ${comercios.fechaPago} > ${since.toISOString()}::timestamptz AND ${comercios.ocultoMotivo} IS NULL)`;
}

/** Active and not expired: valid through its whole expiry day in Mendoza (isPromotionExpired's twin in SQL). */
export function visiblePromotionWhere(now: Date): SQL {
  return sql`(${promociones.activa} AND ${promociones.fechaVencimiento} >= ${mendozaDate(now)}::date)`;
}

/** `LIKE` pattern for a contains-match of folded text, with the user's % and _ taken literally. */
export function containsPattern(text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`'%' || vidriera_fold(${escaped}) || '%'`;
}
