import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '#server/db/client';

/** The PostgreSQL server to test against as well, when there is one (CI sets it). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';

/** Every database kind this run covers: PGlite always, the PostgreSQL server when configured. */
export const DATABASE_KINDS: Array<'pglite' | 'postgres'> = TEST_SERVER_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Drops what the test created (for a server: the whole throw-away database). */
  destroy(): Promise<void>;
  /** The server database's URL, so a test can open a second connection pool (a second instance); PGlite has none. */
  url?: string;
}

/**
 * A migrated, empty database of the given kind. On a server each call gets its own throw-away database,
 * so test files run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { ...database, destroy: () => database.close() };
  }
  const name = `vidriera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(database);
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: TEST_SERVER_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
