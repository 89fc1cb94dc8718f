import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';

/**
 * The business page's first opinions and the "Mejor valorados" grid are index walks (migration 0021): an index
 * written DESC NULLS LAST does not match ORDER BY … DESC, and the database then sorts every opinion of the
 * business, or every published business, for each page.
 */
describe.each(DATABASE_KINDS)('opinion plans on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  // An empty table is cheaper to sort than to walk: take the cheap plans away to see the index walk exists.
  const explain = (statement: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const rows = await queryRows<Record<string, string>>(tx, sql.raw(`EXPLAIN ${statement}`));
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });

  it("walks opiniones_visibles for a business's newest opinions", async () => {
    const plan = await explain(
      `SELECT o.id FROM opiniones o JOIN "user" u ON u.id = o.user_id
       WHERE o.comercio_id = 1 AND o.oculto_at IS NULL ORDER BY o.created_at DESC, o.id DESC LIMIT 6`,
    );
    expect(plan).toMatch(/Index Scan using opiniones_visibles/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('walks comercios_mejor_valorados for the "Mejor valorados" grid', async () => {
    const plan = await explain(
      `SELECT id FROM comercios WHERE pago_status AND oculto_motivo IS NULL
       ORDER BY rating DESC, opiniones_count DESC, sort_name, id LIMIT 13`,
    );
    expect(plan).toMatch(/Index Scan using comercios_mejor_valorados/);
    expect(plan).not.toMatch(/Sort/);
  });
});
