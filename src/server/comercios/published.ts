import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import { mendozaDate } from '#shared/rules/dates';
import { todayMask } from '#shared/rules/promocion-dias';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '#server/db/qualified';
import { comercios, promociones } from '#server/db/schema';

/**
 * The publication rule in SQL, twin of isPublished() in src/shared: paid, fewer than 30 × 24 h since
 * fecha_pago, and not hidden by an operator. `now` comes from the server's clock so both sides agree to the
 * millisecond.
 */
export function publishedWhere(now: Date): SQL {
  return publishedSince(publicationSince(now));
}

/** The oldest payment still publishing a business at `now`, as publishedSince() takes it. */
export function publicationSince(now: Date): string {
  return new Date(now.getTime() - PUBLICATION_DAYS * 86_400_000).toISOString();
}

/** publishedWhere() with the oldest valid payment given, or left as a placeholder of a prepared statement. */
export function publishedSince(since: string | Placeholder): SQL {
  return sql`(${comercios.pagoStatus} AND ${comercios.fechaPago} > ${since}::timestamptz AND ${comercios.ocultoMotivo} IS NULL)`;
}

/** Active and not expired: valid through its whole expiry day in Mendoza (isPromotionExpired's twin in SQL). */
export function visiblePromotionWhere(now: Date): SQL {
  return visiblePromotionOn(mendozaDate(now));
}

/**
 * visiblePromotionWhere() with Mendoza's date given, or left as a placeholder of a prepared statement; `alias` when
 * the promotions are read under one (a subquery of a statement on comercios, ADR 056).
 */
export function visiblePromotionOn(today: string | Placeholder, alias?: string): SQL {
  const column = (c: AnyPgColumn) => (alias ? qualified(alias, c) : c);
  return sql`(${column(promociones.activa)} AND ${column(promociones.fechaVencimiento)} >= ${today}::date)`;
}

/** `LIKE` pattern for a contains-match of folded text, with the user's % and _ taken literally. */
export function containsPattern(text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`'%' || vidriera_fold(${escaped}) || '%'`;
}

/**
 * Applies today in Mendoza: one of its weekdays and already started (aplicaHoy's twin in SQL; expiry is
 * visiblePromotionWhere's). The weekday bit is a literal, not a parameter, so the planner matches it to that
 * day's partial index (promociones_hoy_N).
 */
export function hoyWhere(now: Date): SQL {
  return hoyOn(todayMask(now), mendozaDate(now));
}

/** hoyWhere() for the weekday bit given, with Mendoza's date given or left as a placeholder. */
export function hoyOn(mask: number, today: string | Placeholder): SQL {
  return sql`((${promociones.dias} & ${sql.raw(String(mask))}) <> 0 AND (${promociones.desde} IS NULL OR ${promociones.desde} <= ${today}::date))`;
}

/** Not applying today (the featured strip's second choice). */
export function notHoyWhere(now: Date): SQL {
  return sql`NOT ${hoyWhere(now)}`;
}
