/**
 * "Promos de hoy" (issue 12) as the database runs it: EXPLAIN (ANALYZE) of the first page of
 * /api/promociones?hoy=1, alone and with a category and a locality, and whether the plan walks today's
 * per-weekday partial index (promociones_hoy_N). The sweep in run.ts calls it at every N; run alone:
 * `tsx bench/explain-hoy.ts [N]` (default 100,000) on PostgreSQL at DATABASE_URL, else PGlite.
 */
import { sql } from 'drizzle-orm';
import { todayMask } from '#shared/rules/promocion-dias';
import { openDatabase, queryRows, type Db } from '#server/db/client';
import { promocionesPageQuery } from '#server/promociones/public-service';
import { prepareBenchDatabase } from './databases';

/** The Hoy URLs the sweep measures, and the same filters for the plan. */
export const HOY_ROUTES = [
  ['hoy', '/api/promociones?hoy=1', { categoria: undefined }],
  [
    'hoy + category + locality',
    `/api/promociones?hoy=1&categoria=${encodeURIComponent('Panadería')}&localidad=Capital`,
    { categoria: 'Panadería', localidad: 'Capital' as const },
  ],
] as const;

export interface HoyPlan {
  name: string;
  /** The partial index for today's weekday, when the plan reads it. */
  index: string | null;
  /** Every index the plan reads. */
  indexes: string[];
  seqScan: boolean;
  executionMs: number | null;
  plan: string;
}

export async function explainHoy(db: Db, now: Date): Promise<HoyPlan[]> {
  const expected = `promociones_hoy_${Math.log2(todayMask(now))}`;
  const plans: HoyPlan[] = [];
  for (const [name, , filters] of HOY_ROUTES) {
    const query = promocionesPageQuery(db, { ...filters, hoy: true, page: 1 }, now);
    const rows = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query.getSQL()}`);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    plans.push({
      name,
      index: plan.includes(expected) ? expected : null,
      indexes: [...new Set([...plan.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1]!))],
      seqScan: /Seq Scan on promociones/.test(plan),
      executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN) || null,
      plan,
    });
  }
  return plans;
}

export const hoyPlanLine = (n: number, p: HoyPlan) =>
  `N=${n} ${p.name}: ${p.index ? `walks ${p.index}` : 'does not use the weekday index'} (reads ${p.indexes.join(', ') || 'no index'})${p.seqScan ? ', SEQ SCAN on promociones' : ''}, ${p.executionMs ?? '?'} ms`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100_000);
  const serverUrl = process.env.DATABASE_URL ?? '';
  const prepared = await prepareBenchDatabase(serverUrl ? 'postgres' : 'pglite', n, serverUrl, `vidriera_hoy_${n}`);
  const database = await openDatabase({ databaseUrl: prepared.url, dataDir: prepared.dir });
  try {
    for (const p of await explainHoy(database.db, new Date()))
      console.log(`\n=== ${database.kind} ${hoyPlanLine(n, p)}\n${p.plan}`);
  } finally {
    await database.close();
    await prepared.cleanup();
  }
}
