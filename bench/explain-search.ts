/**
 * `tsx bench/explain-search.ts [N]` — loads N synthetic businesses (default 5,000) into a throw-away database
 * (PostgreSQL at DATABASE_URL, else PGlite) and prints EXPLAIN ANALYZE of the search for a few queries, so
 * the plan can be checked for sequential scans as the data grows.
 */
import { sql } from 'drizzle-orm';
import { searchTerms } from '#shared/busqueda';
import { openDatabase, queryRows } from '#server/db/client';
import { publishedWhere } from '#server/comercios/published';
import { fuzzySearchQuery, searchQuery } from '#server/comercios/public-service';
import { FUZZY_THRESHOLD } from '#server/comercios/busqueda';
import { prepareBenchDatabase } from './databases';

const n = Number(process.argv[2] ?? 5_000);
const serverUrl = process.env.DATABASE_URL ?? '';
const prepared = await prepareBenchDatabase(serverUrl ? 'postgres' : 'pglite', n, serverUrl, `vidriera_explain_${n}`);
const database = await openDatabase({ databaseUrl: prepared.url, dataDir: prepared.dir });
try {
  await database.db.execute(sql`ANALYZE`);
  const now = new Date();
  // The planner's own choice, then with sequential scans priced out: the second shows the statement can be
  // answered from the indexes (no OR across tables), the first whether it is worth it at this size.
  // Issue 30's words found in many promotions come first.
  for (const q of [
    'promo',
    'descuento',
    '2x1',
    'delivery',
    'guaymallen',
    'panaderia',
    'muzza',
    'nieve andes heladeria',
  ]) {
    for (const seqscan of ['on', 'off']) {
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL enable_seqscan = ${seqscan}`));
        const rows = await queryRows<Record<string, string>>(
          tx,
          sql`EXPLAIN ANALYZE ${searchQuery(searchTerms(q), 1, [publishedWhere(now)], now)}`,
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
      const seq = /Seq Scan on (comercios|promociones)/.test(plan) ? 'SEQ SCAN' : 'no sequential scan';
      const time = /Execution Time: ([\d.]+ ms)/.exec(plan)?.[1];
      console.log(`\n=== ${database.kind}, N=${n}, q=${q}, enable_seqscan=${seqscan}: ${seq}, ${time}\n${plan}`);
    }
  }
  // The typo-forgiving search, as the app runs it (its threshold set for the transaction): one plan per typo.
  for (const q of ['pizeria', 'farmasia', 'ferreteria tornilo']) {
    const plan = await database.db.transaction(async (tx) => {
      // As optionalFuzzy() runs it: its threshold, and sequential scans priced out.
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true), set_config('enable_seqscan', 'off', true)`,
      );
      const rows = await queryRows<Record<string, string>>(
        tx,
        sql`EXPLAIN ANALYZE ${fuzzySearchQuery(searchTerms(q), [publishedWhere(now)], 12)}`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    const seq = /Seq Scan on comercios/.test(plan) ? 'SEQ SCAN' : 'no sequential scan';
    const time = /Execution Time: ([\d.]+ ms)/.exec(plan)?.[1];
    console.log(`\n=== ${database.kind}, N=${n}, fuzzy q=${q}: ${seq}, ${time}\n${plan}`);
  }
} finally {
  await database.close();
  await prepared.cleanup();
}
