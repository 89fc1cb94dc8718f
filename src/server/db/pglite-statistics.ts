import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * PGlite runs no autovacuum, so a city that grew from empty would never give the planner statistics: every
 * estimate stays a default, and plans that hinge on them ("Abierto ahora", ADR 060) stay the ones chosen for an
 * empty table. This does the part of autovacuum that matters to reads (ADR 062): when the businesses' row count has
 * moved past autovacuum's analyze threshold (50 rows plus a tenth of the last count), the whole database is
 * analyzed. PGlite has one connection, so the few seconds an ANALYZE of a large city takes are spent rarely.
 */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SCALE = 0.1;
/** How often a running PGlite server looks (a city grows by days, not minutes). */
export const PGLITE_STATISTICS_CHECK_MS = 6 * 3_600_000;

/** Whether the businesses have changed enough since the last ANALYZE; runs it then. Answers whether it ran. */
export async function analyzeIfGrown(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ counted: number | string; estimated: number | string; analyzed: boolean }>(
    db,
    sql`SELECT (SELECT count(*) FROM comercios) AS counted,
          (SELECT reltuples FROM pg_class WHERE oid = to_regclass('comercios')) AS estimated,
          EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'comercios') AS analyzed`,
  );
  const counted = Number(row!.counted);
  // -1: never analyzed. An index build also sets it, without statistics: hence `analyzed`.
  const estimated = row!.analyzed ? Math.max(0, Number(row!.estimated)) : 0;
  if (Math.abs(counted - estimated) <= ANALYZE_BASE_ROWS + ANALYZE_SCALE * estimated) return false;
  await db.execute(sql`ANALYZE`);
  return true;
}

/** Checks a minute after start, then every `everyMs`; a failure is logged and tried again next time. */
export function keepPgliteStatistics(
  db: Db,
  everyMs: number,
  log: (msg: string, err?: unknown) => void,
): { stop(): void } {
  const run = () =>
    analyzeIfGrown(db)
      .then((ran) => ran && log('analyzed the database for the planner (PGlite runs no autovacuum)'))
      .catch((err: unknown) => log('could not analyze the database', err));
  const first = setTimeout(() => void run(), 60_000);
  const timer = setInterval(() => void run(), everyMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
