/**
 * `tsx bench/explain-near.ts [N]` — loads N synthetic businesses (default 100,000) into a throw-away database
 * (PostgreSQL at DATABASE_URL, else PGlite; EXPLAIN_DATABASE_URL explains an already loaded database instead)
 * and, for each "Cerca mío" answer (grid, filters, later page, search, Promociones, map), runs the real service,
 * records the statements it sent and prints how many there were and the EXPLAIN (ANALYZE, BUFFERS) of each:
 * execution and planning time, buffers, and whether it walked the comercios_cerca index (ADR 019).
 * EXPLAIN_VERBOSE=1 prints the whole plans.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '#server/db/client';
import * as schema from '#server/db/schema';
import { listComerciosMapa } from '#server/comercios/mapa-service';
import { listPublishedComercios } from '#server/comercios/public-service';
import { listVisiblePromociones } from '#server/promociones/public-service';
import { prepareBenchDatabase, type BenchDatabase } from './databases';

const n = Number(process.argv[2] ?? 100_000);
const loaded = process.env.EXPLAIN_DATABASE_URL;
const serverUrl = process.env.DATABASE_URL ?? '';
const prepared: Pick<BenchDatabase, 'url' | 'dir' | 'cleanup'> = loaded
  ? { url: loaded, cleanup: async () => undefined }
  : await prepareBenchDatabase(
      serverUrl ? 'postgres' : 'pglite',
      n,
      serverUrl,
      `vidriera_explain_near_${n}_${process.pid}`,
    );
const database = await openDatabase({ databaseUrl: prepared.url, dataDir: prepared.dir });
const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
/** Both drivers' query(text, params), as far as this script reads it. */
const explain = (
  client as unknown as {
    query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, string>> }>;
  }
).query.bind(client);

// The same database through a drizzle instance that writes down every statement it sends.
let sent: Array<{ query: string; params: unknown[] }> = [];
const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
const traced = (database.kind === 'postgres'
  ? drizzlePg(client as pg.Pool, { schema, logger })
  : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;

/** Godoy Cruz's main square, as the API rounds a visitor's position. */
const near = { lat: -32.925, lng: -68.844, q: undefined, categoria: undefined, hoy: false };
const cases: Array<[string, (db: Db, now: Date) => Promise<unknown>]> = [
  ['grid, page 1', (db, now) => listPublishedComercios(db, { ...near, page: 1 }, now)],
  ['grid, page 5', (db, now) => listPublishedComercios(db, { ...near, page: 5 }, now)],
  ['grid, Panadería', (db, now) => listPublishedComercios(db, { ...near, page: 1, categoria: 'Panadería' }, now)],
  [
    'grid, Panadería in Capital',
    (db, now) => listPublishedComercios(db, { ...near, page: 1, categoria: 'Panadería', localidad: 'Capital' }, now),
  ],
  ['grid, search "panaderia"', (db, now) => listPublishedComercios(db, { ...near, page: 1, q: 'panaderia' }, now)],
  ['promociones, page 1', (db, now) => listVisiblePromociones(db, { ...near, page: 1 }, now)],
  ['promociones, hoy', (db, now) => listVisiblePromociones(db, { ...near, page: 1, hoy: true }, now)],
  ['map', (db, now) => listComerciosMapa(db, near, now)],
];

try {
  await database.db.execute(sql`ANALYZE`);
  const now = new Date();
  for (const [name, run] of cases) {
    sent = [];
    await run(traced, now);
    const statements = sent;
    console.log(`\n=== ${database.kind}, N=${n}, ${name}: ${statements.length} statement(s)`);
    for (const { query, params } of statements) {
      const result = await explain(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
      const line = (label: string) => plan.match(new RegExp(`${label}: ([\\d.]+ ms)`))?.[1] ?? '?';
      const buffers = plan.match(/Buffers: shared hit=(\d+)(?: read=(\d+))?/);
      console.log(
        `  ${/comercios_cerca/.test(plan) ? 'walks comercios_cerca' : 'no comercios_cerca'}; execution ${line('Execution Time')}, ` +
          `planning ${line('Planning Time')}, buffers ${buffers ? Number(buffers[1]) + Number(buffers[2] ?? 0) : '?'}`,
      );
      if (process.env.EXPLAIN_VERBOSE) console.log(plan);
    }
  }
} finally {
  await database.close();
  await prepared.cleanup();
}
