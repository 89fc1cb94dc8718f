/**
 * `tsx bench/explain-sugerencias.ts [N]` — suggestions as you type (ADR 046) on N synthetic businesses (default
 * 5,000) in a throw-away database (PostgreSQL at DATABASE_URL, else PGlite): EXPLAIN ANALYZE of each lookup for a
 * few prefixes (the plans must read the trigram indexes), then the whole service, each prefix asked in turn for
 * a number of rounds (interleaved), its median and 90th percentile. With BENCH_DATABASE_URL it reads that
 * existing database instead (read-only: nothing is loaded, analysed or dropped).
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { sugerenciaWords } from '#shared/sugerencias';
import { openDatabase, queryRows, type Db } from '#server/db/client';
import { FUZZY_THRESHOLD } from '#server/comercios/busqueda';
import { AppError } from '#server/http/errors';
import {
  comerciosQuery,
  listSugerencias,
  matchingCategorias,
  promocionesQuery,
  publishedCategoriasQuery,
  similarQuery,
  SUGERENCIAS_COMERCIOS,
} from '#server/comercios/sugerencias';
import { CATEGORIAS } from '#shared/categorias-lista';
import { prepareBenchDatabase } from './databases';

const n = Number(process.argv[2] ?? 5_000);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const PREFIXES = ['pa', 'pan', 'far', 'pizz', 'farmasi', 'ferre torn', '2x', 'promo', 'desc', 'zq', '%%'];

const existing = process.env.BENCH_DATABASE_URL ?? '';
const serverUrl = process.env.DATABASE_URL ?? '';
const prepared = existing
  ? null
  : await prepareBenchDatabase(serverUrl ? 'postgres' : 'pglite', n, serverUrl, `vidriera_sugerencias_${n}`);
const database = await openDatabase(
  existing ? { databaseUrl: existing } : { databaseUrl: prepared!.url, dataDir: prepared!.dir },
);

async function explain(db: Db, statement: SQL, fuzzy = false): Promise<string> {
  return db.transaction(async (tx) => {
    if (fuzzy)
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true), set_config('enable_seqscan', 'off', true)`,
      );
    const rows = await queryRows<Record<string, string>>(tx, sql`EXPLAIN ANALYZE ${statement}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

try {
  if (!existing) await database.db.execute(sql`ANALYZE`);
  const now = new Date();
  const label = `${database.kind}, ${existing ? 'existing database' : `N=${n}`}`;
  for (const q of PREFIXES) {
    const words = sugerenciaWords(q);
    if (words.length === 0) continue;
    const lookups: Array<[string, SQL, boolean]> = [
      ['businesses', comerciosQuery(words, now), false],
      ['promotion words', promocionesQuery(words, now), false],
      ['published categories', publishedCategoriasQuery(matchingCategorias(CATEGORIAS, words).slice(0, 8), now), false],
      [
        'typo-forgiving businesses',
        similarQuery(
          words.filter((w) => w.length >= 4),
          SUGERENCIAS_COMERCIOS,
          now,
        ),
        true,
      ],
    ];
    for (const [name, statement, fuzzy] of lookups) {
      if (fuzzy && words.every((w) => w.length < 4)) continue;
      if (name === 'published categories' && matchingCategorias(CATEGORIAS, words).length === 0) continue;
      const plan = await explain(database.db, statement, fuzzy);
      const seq = /Seq Scan on (comercios|promociones)/.test(plan) ? 'SEQ SCAN' : 'no sequential scan';
      const time = /Execution Time: ([\d.]+ ms)/.exec(plan)?.[1];
      console.log(`\n=== ${label}, q=${q}, ${name}: ${seq}, ${time}\n${plan}`);
    }
  }

  // The whole service as the route runs it on a cache miss.
  const times = new Map<string, number[]>(PREFIXES.map((q) => [q, []]));
  const timeouts = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++)
    for (const q of PREFIXES) {
      const start = performance.now();
      // A lookup past its statement timeout is the route's 503: counted as its time, not a crash of the bench.
      await listSugerencias(database.db, q, now).catch((err: unknown) => {
        if (!(err instanceof AppError && err.statusCode === 503)) throw err;
        timeouts.set(q, (timeouts.get(q) ?? 0) + 1);
      });
      times.get(q)!.push(performance.now() - start);
    }
  console.log(`\n=== ${label}: listSugerencias, ${ROUNDS} rounds, prefixes interleaved (ms)`);
  console.log('| prefix | p50 | p90 | max | 503 (timeout) |\n|---|---|---|---|---|');
  for (const [q, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1);
    console.log(
      `| ${q} | ${f(percentile(sorted, 0.5))} | ${f(percentile(sorted, 0.9))} | ${f(sorted[sorted.length - 1]!)} | ${timeouts.get(q) ?? 0} |`,
    );
  }
} finally {
  await database.close();
  await prepared?.cleanup();
}
