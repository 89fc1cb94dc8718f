/**
 * Promociones' "Medio de pago" and "Día" filters (issue 30) as the database runs them: EXPLAIN (ANALYZE) of the
 * first page of /api/promociones with `pago`, `dia`, both, and with "Hoy", a category and a locality, and which
 * indexes each plan reads (ADR 043). Run alone: `tsx bench/explain-pago.ts [N]` (default 100,000) on
 * PostgreSQL at DATABASE_URL, else PGlite.
 */
import { sql } from 'drizzle-orm';
import type { PromocionListQuery } from '#shared/schemas/queries';
import { openDatabase, queryRows, type Db } from '#server/db/client';
import { promocionesPageQuery } from '#server/promociones/public-service';
import { prepareBenchDatabase } from './databases';

const base: PromocionListQuery = { categoria: undefined, hoy: false, page: 1 };

/** The filtered lists the plans are taken of. */
export const PAGO_DIA_QUERIES: Array<[string, PromocionListQuery]> = [
  ['pago=modo', { ...base, pago: 'modo' }],
  ['pago=transferencia (rarer)', { ...base, pago: 'transferencia' }],
  ['dia=miercoles', { ...base, dia: 'miercoles' }],
  ['pago=modo&dia=miercoles', { ...base, pago: 'modo', dia: 'miercoles' }],
  ['pago=modo&hoy=1', { ...base, pago: 'modo', hoy: true }],
  [
    'pago=debito&dia=sabado&categoria=Panadería&localidad=Capital',
    { ...base, pago: 'debito', dia: 'sabado', categoria: 'Panadería', localidad: 'Capital' },
  ],
];

export async function explainPagoDia(db: Db, now: Date) {
  const plans = [];
  for (const [name, query] of PAGO_DIA_QUERIES) {
    const statement = promocionesPageQuery(db, query, now);
    const rows = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement.getSQL()}`);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    plans.push({
      name,
      indexes: [...new Set([...plan.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1]!))],
      seqScan: /Seq Scan on promociones/.test(plan),
      executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN) || null,
      plan,
    });
  }
  return plans;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100_000);
  const serverUrl = process.env.DATABASE_URL ?? '';
  const prepared = await prepareBenchDatabase(serverUrl ? 'postgres' : 'pglite', n, serverUrl, `vidriera_pago_${n}`);
  const database = await openDatabase({ databaseUrl: prepared.url, dataDir: prepared.dir });
  try {
    for (const p of await explainPagoDia(database.db, new Date()))
      console.log(
        `\n=== ${database.kind} N=${n} ${p.name}: reads ${p.indexes.join(', ') || 'no index'}${p.seqScan ? ', SEQ SCAN on promociones' : ''}, ${p.executionMs ?? '?'} ms\n${p.plan}`,
      );
  } finally {
    await database.close();
    await prepared.cleanup();
  }
}
