import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from '#server/db/client';

/**
 * Migrated templates the test databases are copied from, built once per `vitest run` (global setup) instead of
 * once per test file: a fresh PGlite runs initdb and every migration, where loading a dump of a migrated one
 * only unpacks files (figures: docs/performance.md, Tests). On a PostgreSQL server `CREATE DATABASE … TEMPLATE`
 * copies the migrated files.
 */

/**
 * The databases this run covers: `TEST_DATABASES` lists them (`pglite`, `postgres` or both, comma-separated);
 * unset, PGlite and the PostgreSQL server when one is configured. `npm test` covers them in two passes, PGlite
 * under the Node that runs it and the server under Node 24, the production runtime (scripts/test.mjs, ADR 039).
 */
const covered = (process.env.TEST_DATABASES || 'pglite,postgres').split(',').map((kind) => kind.trim());
for (const kind of covered) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASES: unknown database "${kind}"`);
}
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
if (process.env.TEST_DATABASES && covered.includes('postgres') && !serverUrl) {
  throw new Error('TEST_DATABASES names postgres: set TEST_DATABASE_URL to the server to test on');
}

/** Whether this run covers PGlite. */
export const TEST_PGLITE = covered.includes('pglite');

/** The PostgreSQL server to test against as well, when there is one (CI sets it) and this run covers it. */
export const TEST_SERVER_URL = covered.includes('postgres') ? serverUrl : '';

/** The files a template depends on: when any of them changes, the PGlite template is rebuilt. */
function templateKey(root: string): string {
  const hash = createHash('sha256');
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(path.join(root, 'node_modules', pkg, 'package.json')));
  }
  hash.update(readFileSync(new URL('../../src/server/db/client.ts', import.meta.url)));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      hash.update(entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The path of an uncompressed dump of a migrated PGlite data folder. Kept between runs in
 * node_modules/.cache (keyed by the migrations, the PGlite and Drizzle versions and db/client.ts), so a run
 * that changes none of them does not even build it once.
 */
export async function pgliteTemplate(root: string): Promise<string> {
  const dir = path.join(root, 'node_modules', '.cache', 'vidriera-test-db');
  const file = path.join(dir, `pglite-${templateKey(root)}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's own database (CREATE/DROP DATABASE cannot run inside the target). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated database on the server for this run only; returns its name and a function that drops it.
 * Nothing stays connected to it, which `CREATE DATABASE … TEMPLATE` requires.
 */
export async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `vidriera_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
