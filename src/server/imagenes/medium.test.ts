import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, queryRows } from '#server/db/client';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';
import { pngImage } from '#test/server/imagenes';
import { mediumVariants } from './medium';
import { processImage, readImageVariant, storeImage } from './store';

/** Byte equality whatever the driver answered with (PGlite gives a Uint8Array for bytea, pg a Buffer). */
const same = (a: Uint8Array | null | undefined, b: Uint8Array | null | undefined) =>
  !!a && !!b && Buffer.from(a).equals(Buffer.from(b));

describe.each(DATABASE_KINDS)('medium variants of images stored before them, on %s', (kind) => {
  const ctx = useTestDatabase(kind);

  /** An image as a row from before migration 0016 holds it: thumb and large, no medium. */
  async function olderImage(width: number, height: number): Promise<{ id: string; large: Buffer }> {
    const image = await processImage(await pngImage(width, height));
    await storeImage(ctx.database.db, image, null);
    await ctx.database.db.execute(sql`UPDATE imagenes SET medium = NULL WHERE id = ${image.id}`);
    return { id: image.id, large: image.large };
  }

  const storedMedium = async (id: string) =>
    (
      await queryRows<{ medium: Uint8Array | null }>(ctx.database.db, sql`SELECT medium FROM imagenes WHERE id = ${id}`)
    )[0]?.medium ?? null;

  /** The real encoder, counted. */
  function countingEncoder() {
    const calls = { n: 0 };
    const encode = async (large: Buffer) => {
      calls.n++;
      return sharp(large).resize({ width: 800 }).webp({ quality: 80 }).toBuffer();
    };
    return { calls, encode };
  }

  it('makes it once for 50 requests at the same time, stores it, and reads it from the row afterwards', async () => {
    const { id } = await olderImage(1800, 1200);
    const { calls, encode } = countingEncoder();
    const read = mediumVariants(ctx.database.db, { encode, queueFull: () => false });
    const answers = await Promise.all(Array.from({ length: 50 }, () => read(id)));
    expect(calls.n).toBe(1);
    for (const a of answers) {
      expect(a?.exact).toBe(true);
      expect(same(a?.data, answers[0]!.data)).toBe(true);
    }
    expect((await sharp(answers[0]!.data).metadata()).width).toBe(800);
    const stored = await storedMedium(id);
    expect(same(stored, answers[0]!.data)).toBe(true);
    // A new process (a restart, another instance) finds it in the row.
    const again = await mediumVariants(ctx.database.db, { encode, queueFull: () => false })(id);
    expect(same(again?.data, answers[0]!.data)).toBe(true);
    expect(calls.n).toBe(1);
  });

  it('makes an 800 px WebP with the default encoder', async () => {
    const { id } = await olderImage(1800, 1200);
    const made = await mediumVariants(ctx.database.db)(id);
    const meta = await sharp(made!.data).metadata();
    expect([made?.exact, meta.format, meta.width, meta.height]).toEqual([true, 'webp', 800, 533]);
  });

  it('copies a large variant no wider than the medium width, without encoding', async () => {
    const { id, large } = await olderImage(640, 480);
    const { calls, encode } = countingEncoder();
    const made = await mediumVariants(ctx.database.db, { encode, queueFull: () => true })(id);
    expect(made?.exact).toBe(true);
    expect(same(made?.data, large)).toBe(true);
    expect(calls.n).toBe(0);
    expect(same(await storedMedium(id), large)).toBe(true);
  });

  it('answers with the large file, marked inexact and stored nowhere, while the image line is full', async () => {
    const { id, large } = await olderImage(1500, 1000);
    const { calls, encode } = countingEncoder();
    const made = await mediumVariants(ctx.database.db, { encode, queueFull: () => true })(id);
    expect(made?.exact).toBe(false);
    expect(same(made?.data, large)).toBe(true);
    expect(calls.n).toBe(0);
    expect(await storedMedium(id)).toBeNull();
  });

  it('answers null for an image that does not exist', async () => {
    const { calls, encode } = countingEncoder();
    expect(await mediumVariants(ctx.database.db, { encode })('f'.repeat(32))).toBeNull();
    expect(calls.n).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('an image stored before migration 0016, on %s', (kind) => {
  const ctx = useTestDatabase(kind);

  it('is still served in every size once the migration has run, medium made from its large file', async () => {
    const db = ctx.database.db;
    // Back to the schema before 0016 (no medium column), then its SQL run on the row the older code wrote. Later
    // migrations exist, so replaying 0016 by itself is what tests it, not the migrator.
    await db.execute(sql`ALTER TABLE imagenes DROP COLUMN medium`);
    // Written as the code before it wrote rows (two variants).
    const image = await processImage(await pngImage(1400, 1000));
    await db.execute(
      sql`INSERT INTO imagenes (id, width, height, thumb, large) VALUES (${image.id}, ${image.width}, ${image.height}, ${image.thumb}, ${image.large})`,
    );

    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0016_imagen_medium.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.trim()) await db.execute(sql.raw(statement));
    }
    const [row] = await queryRows<{ medium: Uint8Array | null }>(
      db,
      sql`SELECT medium FROM imagenes WHERE id = ${image.id}`,
    );
    expect(row?.medium).toBeNull();

    const made = await mediumVariants(db)(image.id);
    expect(made?.exact).toBe(true);
    expect((await sharp(made!.data).metadata()).width).toBe(800);
    expect(same(await readImageVariant(db, image.id, 'medium'), made?.data)).toBe(true);
    expect(same(await readImageVariant(db, image.id, 'large'), image.large)).toBe(true);
    expect(same(await readImageVariant(db, image.id, 'thumb'), image.thumb)).toBe(true);
  });
});
