/**
 * `tsx bench/explain-near.ts [N]` — loads N synthetic businesses (default 100,000) into a throw-away database
 * (PostgreSQL at DATABASE_URL, else PGlite) and prints EXPLAIN ANALYZE of the "Cerca mío" page at each radius
 * step, so the plan can be checked for the comercios_ubicacion index (ADR 019).
 */
import { and, asc, sql } from 'drizzle-orm';
import { NEAR_STEPS_METERS } from '#shared/rules/geo';
import { openDatabase, queryRows } from '#server/db/client';
import { comercios } from '#server/db/schema';
import { distanceSql, nearWhere } from '#server/comercios/near';
import { publishedWhere } from '#server/comercios/published';
import { prepareBenchDatabase } from './databases';

const n = Number(process.argv[2] ?? 100_000);
const serverUrl = process.env.DATABASE_URL ?? '';
const prepared = await prepareBenchDatabase(
  serverUrl ? 'postgres' : 'pglite',
  n,
  serverUrl,
  `vidriera_explain_near_${n}_${process.pid}`,
);
const database = await openDatabase({ databaseUrl: prepared.url, dataDir: prepared.dir });
/** Godoy Cruz's main square, as the API rounds a visitor's position. */
const visitor = { lat: -32.925, lng: -68.844 };
try {
  await database.db.execute(sql`ANALYZE`);
  const now = new Date();
  for (const meters of NEAR_STEPS_METERS) {
    const statement = database.db
      .select({ id: comercios.id, d: distanceSql(visitor) })
      .from(comercios)
      .where(and(publishedWhere(now), nearWhere(visitor, meters)))
      .orderBy(asc(distanceSql(visitor)), asc(comercios.id))
      .limit(13)
      .getSQL();
    const rows = await queryRows<Record<string, string>>(database.db, sql`EXPLAIN ANALYZE ${statement}`);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    const index = /comercios_ubicacion/.test(plan) ? 'uses comercios_ubicacion' : 'NO INDEX';
    console.log(`\n=== ${database.kind}, N=${n}, radius ${meters} m: ${index}\n${plan}`);
  }
} finally {
  await database.close();
  await prepared.cleanup();
}
