import { eq, inArray, sql } from 'drizzle-orm';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios } from '#server/db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes each business's rating (mean stars) and count from its visible opinions, in the caller's transaction
 * (ADR 027): the only place these two columns are written. None visible: 0 and 0, which cards read "Nuevo".
 */
export async function recomputeRatings(tx: Tx, comercioIds: number[]): Promise<void> {
  if (comercioIds.length === 0) return;
  await tx
    .update(comercios)
    .set({
      rating: sql`coalesce((SELECT avg(o.estrellas) FROM opiniones o WHERE o.comercio_id = ${comercios.id} AND o.oculto_at IS NULL), 0)`,
      opinionesCount: sql`(SELECT count(*) FROM opiniones o WHERE o.comercio_id = ${comercios.id} AND o.oculto_at IS NULL)`,
    })
    .where(inArray(comercios.id, comercioIds));
}

/** A business row as read (and locked) before its opinions changed: what the cache needs, and the old rating. */
export type RatedRow = Parameters<typeof snapshotOf>[0] & { rating: number; opinionesCount: number };

/**
 * Recomputes the rating in the write's transaction and says what the public cache must drop: the business's
 * page, and (when its stars or count moved) the lists whose cards show them (ADR 027, scope.ts).
 */
export async function ratingChange(tx: Tx, id: number, locked: RatedRow, now: Date): Promise<ComercioChange> {
  await recomputeRatings(tx, [id]);
  const [after] = await tx
    .select({ rating: comercios.rating, opinionesCount: comercios.opinionesCount })
    .from(comercios)
    .where(eq(comercios.id, id));
  const snapshot = snapshotOf(locked, now);
  return {
    id,
    before: snapshot,
    after: snapshot,
    comercio: false,
    promociones: false,
    opiniones: true,
    rating: after!.rating !== locked.rating || after!.opinionesCount !== locked.opinionesCount,
  };
}
