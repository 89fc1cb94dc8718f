import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAGO_STATUSES } from '#shared/pagos';
import { MIGRATIONS_FOLDER, queryRows } from '#server/db/client';
import { pagos } from '#server/db/schema';
import { DATABASE_KINDS, type TestDatabase, useTestDatabase } from '#test/server/databases';

/** A payment attempt written as raw SQL, so the database (not the TypeScript type) is what refuses a status. */
const insertRaw = (database: TestDatabase, key: string, status: string) =>
  database.db.execute(sql`
    INSERT INTO pagos (external_reference, provider, idempotency_key, amount, currency, status)
    VALUES ('comercio_1', 'sandbox', ${key}, '450', 'ARS', ${status})`);

/** The error the driver surfaces, with PostgreSQL's own code and constraint name (drizzle wraps it in `cause`). */
async function failure(work: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: e.cause?.code ?? e.code, constraint: e.cause?.constraint ?? e.constraint };
}

describe.each(DATABASE_KINDS)('pagos.status on %s', (kind) => {
  const ctx = useTestDatabase(kind);

  it('takes every status of the shared union', async () => {
    for (const status of PAGO_STATUSES) await insertRaw(ctx.database, `ok-${status}`, status);
    const rows = await ctx.database.db.select({ status: pagos.status }).from(pagos);
    expect(rows.map((r) => r.status).sort()).toEqual([...PAGO_STATUSES].sort());
  });

  it('refuses any other status, on insert and on update (CHECK pagos_status_known)', async () => {
    for (const status of ['on_hold', 'Processed', '', 'approved']) {
      expect(await failure(insertRaw(ctx.database, `bad-${status}`, status))).toEqual({
        code: '23514',
        constraint: 'pagos_status_known',
      });
    }
    expect(
      await failure(
        ctx.database.db.execute(sql`UPDATE pagos SET status = 'paid' WHERE idempotency_key = 'ok-pending'`),
      ),
    ).toEqual({ code: '23514', constraint: 'pagos_status_known' });
  });

  it('its migration turns a status the app never knew into "error", keeping the word in status_detail', async () => {
    await ctx.database.db.execute(sql`ALTER TABLE pagos DROP CONSTRAINT pagos_status_known`);
    await insertRaw(ctx.database, 'legacy', 'on_hold');
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0008_pagos_status_check.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await ctx.database.db.execute(sql.raw(statement));
    const [row] = await queryRows<{ status: string; status_detail: string }>(
      ctx.database.db,
      sql`SELECT status, status_detail FROM pagos WHERE idempotency_key = 'legacy'`,
    );
    expect(row).toEqual({ status: 'error', status_detail: 'unknown_status:on_hold' });
    expect(await failure(insertRaw(ctx.database, 'after', 'on_hold'))).toMatchObject({
      constraint: 'pagos_status_known',
    });
  });
});
