import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Logger } from '#server/logger';
import * as schema from './schema';

/** The query builder both drivers share; code above this module never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server pool (LISTEN/NOTIFY, advisory locks); absent on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** A migrated, empty PGlite folder the build ships beside the compiled server (scripts/pglite-template.ts). */
const PGLITE_TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template.tar.gz');

/**
 * The data is in memory (shared buffers or the operating system's cache), so a page read at random costs
 * about what a sequential one does. With PostgreSQL's default (4, for spinning disks) the planner scanned
 * every business for a search that the trigram index answers far faster (EXPLAIN ANALYZE of the realistic mix's
 * top search words, issue 14; docs/performance.md); set on every connection of both drivers.
 */
const RANDOM_PAGE_COST = '1.1';

/**
 * PGlite runs PostgreSQL inside this process, with PostgreSQL's server defaults (128 MB of shared buffers).
 * Sized for a small machine instead: the public cache answers most reads, the operating system caches the
 * data files, and the process stays much smaller once the database is open (docs/performance.md).
 */
const PGLITE_SETTINGS = [
  `random_page_cost = ${RANDOM_PAGE_COST}`,
  'shared_buffers = 16MB',
  'work_mem = 2MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
  'wal_buffers = 1MB',
];

/**
 * PostgreSQL through drizzle: node-postgres against a server when DATABASE_URL is set, otherwise PGlite
 * (PostgreSQL compiled to WASM, in-process) in DATA_DIR. PGlite's own driver is used rather than its
 * node-postgres shim, which breaks on drizzle's parameterised queries. PGlite serialises transactions itself.
 * Each driver is loaded only when chosen: PGlite's JavaScript would stay resident in a server on PostgreSQL for
 * nothing, and pg is not needed on PGlite (issue 14).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  template?: Blob;
  /** Where a lost server connection is reported (the process's logger; tools and tests may leave it out). */
  logger?: Pick<Logger, 'error'>;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    // DATE columns stay "YYYY-MM-DD" strings: a calendar date has no time zone to shift it.
    pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
    // A startup parameter: no extra round trip per connection (a pooler in front must pass `options` on).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => opts.logger?.error({ err }, 'database connection lost; the pool replaces it'));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, pool, kind: 'postgres', close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir && !opts.dataDir.startsWith('memory://')) {
    mkdirSync(opts.dataDir, { recursive: true });
    dir = path.resolve(opts.dataDir, 'pglite');
  }
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    postgresqlconf: PGLITE_SETTINGS,
    loadDataDir: opts.template ?? shippedTemplate(dir),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => pglite.close() };
}

/**
 * A new data folder starts from the shipped template when there is one (the compiled server): unpacking it
 * takes a fraction of initdb's time and memory (issue 14; docs/performance.md).
 */
function shippedTemplate(dir: string | undefined): Blob | undefined {
  if (!dir || existsSync(path.join(dir, 'PG_VERSION')) || !existsSync(PGLITE_TEMPLATE)) return undefined;
  return new Blob([readFileSync(PGLITE_TEMPLATE)], { type: 'application/gzip' });
}

/**
 * Applies pending migrations. On a server, a session-level advisory lock makes concurrent instances
 * wait for the first one instead of racing it; PGlite is one process and needs none.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.pool) {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7204561)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7204561)').catch(() => undefined);
    client.release();
  }
}

/** Rows of a raw SQL query, whichever driver runs it. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  // The driver types a raw result by its own kind, not by the row: the rows are what the caller's SQL selects.
  const result = (await db.execute<Record<string, unknown>>(query)) as { rows: T[] };
  return result.rows;
}
