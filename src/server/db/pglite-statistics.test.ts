import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { queryRows } from './client';
import { analyzeIfGrown } from './pglite-statistics';

describe('statistics on PGlite, which runs no autovacuum', () => {
  const ctx = useTestDatabase('pglite');
  const hourStatistics = async () =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'comercios' AND attname = 'horas_semana'`,
      )
    )[0]!.n;

  it('analyzes once the businesses have grown past the threshold, and not again until they grow more', async () => {
    const db = ctx.database.db;
    const now = new Date('2026-11-23T13:00:00Z');
    for (let i = 0; i < 10; i++) await insertComercio(db, now, { nombre: `Pocos ${i}` });
    expect(await analyzeIfGrown(db)).toBe(false);
    expect(await hourStatistics()).toBe(0);

    for (let i = 0; i < 50; i++) await insertComercio(db, now, { nombre: `Muchos ${i}` });
    expect(await analyzeIfGrown(db)).toBe(true);
    expect(await hourStatistics()).toBe(1);
    expect(await analyzeIfGrown(db)).toBe(false);
  });

  it('analyzes a grown city that has no statistics even when the row count is known (an index build sets it)', async () => {
    const db = ctx.database.db;
    await db.execute(sql`DELETE FROM pg_statistic WHERE starelid = 'comercios'::regclass`);
    expect(await hourStatistics()).toBe(0);
    expect(await analyzeIfGrown(db)).toBe(true);
    expect(await hourStatistics()).toBe(1);
  });
});
