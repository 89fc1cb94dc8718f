import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diasToMask } from '#shared/rules/promocion-dias';
import { SAMPLE_COMERCIOS } from '#shared/sample/comercios';
import { openDatabase, queryRows } from '#server/db/client';
import { createTestDatabase, DATABASE_KINDS, TEST_SERVER_URL, useTestDatabase } from '#test/server/databases';
import { DEMO_OWNER_EMAIL } from './demo-owner';
import { seedSampleData } from './seed';

describe.each(DATABASE_KINDS)('the sample data on %s', (kind) => {
  const ctx = useTestDatabase(kind);

  it('loads every business with its images and promotions once, and never over existing data', async () => {
    const now = new Date();
    expect(await seedSampleData(ctx.database.db, now)).toBe(SAMPLE_COMERCIOS.length);
    const [counts] = await queryRows<{ comercios: number; promociones: number; missing: number }>(
      ctx.database.db,
      sql`SELECT (SELECT count(*)::int FROM comercios) AS comercios,
                 (SELECT count(*)::int FROM promociones) AS promociones,
                 (SELECT count(*)::int FROM comercios c, unnest(array_prepend(c.imagen, c.galeria)) AS img(id)
                   WHERE img.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM imagenes i WHERE i.id = img.id)) AS missing`,
    );
    expect(counts).toEqual({
      comercios: SAMPLE_COMERCIOS.length,
      promociones: SAMPLE_COMERCIOS.reduce((n, s) => n + s.promociones.length, 0),
      missing: 0,
    });
    // Each business got its own promotions and its own number of gallery photos.
    const rows = await queryRows<{ nombre: string; galeria: number; promos: number }>(
      ctx.database.db,
      sql`SELECT c.nombre, cardinality(c.galeria) AS galeria,
                 (SELECT count(*)::int FROM promociones p WHERE p.comercio_id = c.id) AS promos
          FROM comercios c`,
    );
    for (const sample of SAMPLE_COMERCIOS) {
      expect(
        rows.find((r) => r.nombre === sample.nombre),
        sample.nombre,
      ).toEqual({
        nombre: sample.nombre,
        galeria: sample.galeria,
        promos: sample.promociones.length,
      });
    }
    // A promotion named after a day is stored with that day (the "Hoy" filter reads the column).
    const dias = await queryRows<{ titulo: string; dias: number }>(
      ctx.database.db,
      sql`SELECT titulo, dias FROM promociones`,
    );
    for (const p of SAMPLE_COMERCIOS.flatMap((s) => s.promociones))
      expect(dias.find((r) => r.titulo === p.titulo)?.dias, p.titulo).toBe(diasToMask(p.dias ?? []));
    expect(dias.find((r) => r.titulo === 'Martes de muzza 2x1')?.dias).toBe(diasToMask(['Martes']));
    expect(await seedSampleData(ctx.database.db, now)).toBe(0);
  });
});

/**
 * Issue 28 L4: two instances started together on one empty server database (each with its own connection pool,
 * as two processes have) both seed at start-up; before the seeding lock one of them died on the demo account's
 * unique email every time.
 */
describe.runIf(Boolean(TEST_SERVER_URL))('two instances starting together on an empty PostgreSQL database', () => {
  it('seed once between them, five times out of five, with no error', async () => {
    for (let round = 1; round <= 5; round++) {
      const database = await createTestDatabase('postgres');
      const second = await openDatabase({ databaseUrl: database.url! });
      try {
        const now = new Date();
        const results = await Promise.allSettled(
          [database.db, second.db].map((db) => seedSampleData(db, now, { demoOwnerPassword: 'demo-vidriera' })),
        );
        expect(
          results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason))).sort(),
          `round ${round}`,
        ).toEqual([0, SAMPLE_COMERCIOS.length].sort());
        const [counts] = await queryRows<{ comercios: number; demo: number }>(
          database.db,
          sql`SELECT (SELECT count(*)::int FROM comercios) AS comercios,
                     (SELECT count(*)::int FROM "user" WHERE email = ${DEMO_OWNER_EMAIL}) AS demo`,
        );
        expect(counts).toEqual({ comercios: SAMPLE_COMERCIOS.length, demo: 1 });
      } finally {
        await second.close();
        await database.destroy();
      }
    }
  }, 120_000);
});
