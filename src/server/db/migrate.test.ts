import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SERVER_URL, useTestDatabase } from '#test/server/databases';
import { type Database, migrateDatabase, MIGRATIONS_FOLDER, openDatabase, queryRows } from './client';

const MIGRATION_COUNT = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;

describe.runIf(Boolean(TEST_SERVER_URL))('migrations with several instances starting at once', () => {
  const ctx = useTestDatabase('postgres');
  const others: Database[] = [];
  beforeAll(async () => {
    // A test database comes migrated; emptied, it is the untouched database the instances race on.
    await ctx.database.db.execute(sql`DROP SCHEMA public CASCADE`);
    await ctx.database.db.execute(sql`DROP SCHEMA drizzle CASCADE`);
    await ctx.database.db.execute(sql`CREATE SCHEMA public`);
  });
  afterAll(async () => {
    for (const d of others) await d.close();
  });

  it('applies each migration exactly once', async () => {
    const url = (await queryRows<{ db: string }>(ctx.database.db, sql`SELECT current_database() AS db`))[0]!.db;
    const target = new URL(TEST_SERVER_URL);
    target.pathname = `/${url}`;
    for (let i = 0; i < 3; i++) others.push(await openDatabase({ databaseUrl: target.toString() }));
    await Promise.all(others.map((d) => migrateDatabase(d)));
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(row!.n).toBe(MIGRATION_COUNT);
    const [tables] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('comercios', 'promociones', 'pagos', 'user')`,
    );
    expect(tables!.n).toBe(4);
  });
});
