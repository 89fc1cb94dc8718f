/** Throw-away databases filled with the synthetic city, for the benchmark and load scripts. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '#server/db/client';
import { adminQuery, databaseUrl } from '#test/server/db-template';
import { loadDataset, loadOpiniones } from './dataset';

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment for a server process on this database. */
  env: Record<string, string>;
  url?: string;
  dir?: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh database with N businesses (and `opinionCount` opinions with the ratings computed from them, when
 * given): a PGlite folder in /tmp, or a new database on the server at `serverUrl`.
 */
export async function prepareBenchDatabase(
  kind: BenchDatabase['kind'],
  n: number,
  serverUrl: string,
  name = `vidriera_bench_${n}`,
  opinionCount = 0,
): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-bench-'));
    const database = await openDatabase({ dataDir: dir });
    await migrateDatabase(database);
    await loadDataset(database.db, n, new Date());
    if (opinionCount) await loadOpiniones(database.db, opinionCount, new Date());
    await database.close();
    return {
      kind,
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      dir,
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const admin = (statement: string) => adminQuery(serverUrl, statement);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  await migrateDatabase(database);
  await loadDataset(database.db, n, new Date());
  if (opinionCount) await loadOpiniones(database.db, opinionCount, new Date());
  await database.close();
  return {
    kind,
    env: { DATABASE_URL: url },
    url,
    cleanup: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
