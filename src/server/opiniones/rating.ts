import { inArray, sql } from 'drizzle-orm';
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
