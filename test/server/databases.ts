import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { adminQuery, databaseUrl, TEST_PGLITE, TEST_SERVER_URL } from './db-template';

export { TEST_PGLITE, TEST_SERVER_URL };

/**
 * Every database kind this run covers: PGlite unless TEST_DATABASES leaves it out, the PostgreSQL server when
 * configured. A block on one kind only is gated on it (`describe.runIf(TEST_PGLITE)`,
 * `describe.runIf(Boolean(TEST_SERVER_URL))`); a test file that reads neither runs only where PGlite does.
 */
export const DATABASE_KINDS: Array<'pglite' | 'postgres'> = [
  ...(TEST_PGLITE ? (['pglite'] as const) : []),
  ...(TEST_SERVER_URL ? (['postgres'] as const) : []),
];

export interface TestDatabase extends Database {
  /** Drops what the test created (for a server: the whole throw-away database). */
  destroy(): Promise<void>;
  /** The server database's URL, so a test can open a second connection pool (a second instance); PGlite has none. */
  url?: string;
}

/** The PGlite dump is read once per test file's worker; each database loads its own copy. */
let pgliteDump: Blob | undefined;

/**
 * A migrated, empty database of the given kind, copied from the template the global setup migrated
 * (test/server/global-setup.ts). On a server each call gets its own throw-away database, so test files
 * run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (!DATABASE_KINDS.includes(kind)) {
    throw new Error(
      `this run does not cover ${kind} (TEST_DATABASES=${process.env.TEST_DATABASES ?? ''}): gate the block on it ` +
        '(describe.runIf(TEST_PGLITE) or describe.runIf(Boolean(TEST_SERVER_URL)))',
    );
  }
  if (kind === 'pglite') {
    pgliteDump ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ template: pgliteDump });
    return { ...database, destroy: () => database.close() };
  }
  const name = `vidriera_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(TEST_SERVER_URL, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = databaseUrl(TEST_SERVER_URL, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      await adminQuery(TEST_SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A fresh database for the enclosing describe block: created before its tests, dropped after them. Read
 * `ctx.database` inside the tests. Hooks the block registers later run after it is made (and, being `after`
 * hooks in Vitest's default stack order, before it is dropped).
 */
export function useTestDatabase(kind: 'pglite' | 'postgres' = 'pglite'): { database: TestDatabase } {
  const ctx = {} as { database: TestDatabase };
  beforeAll(async () => {
    ctx.database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await ctx.database?.destroy();
  });
  return ctx;
}
