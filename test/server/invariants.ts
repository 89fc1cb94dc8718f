import { sql, type SQL } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import { queryRows, type Db } from '#server/db/client';

export type InvariantName =
  | 'published_without_payment'
  | 'payment_unapplied'
  | 'promocion_without_comercio'
  | 'image_missing'
  | 'rating_not_from_opinions';

export interface Violation {
  invariant: InvariantName;
  /** What is wrong and with which rows, for a test failure message. */
  detail: string;
}

export interface InvariantOptions {
  /** The moment "published" and "30 days" are measured from (tests with a moved clock pass theirs). */
  now?: Date;
}

/**
 * The database facts that must hold whatever requests, crashes or races came before; tests, the fuzzer and
 * the load and fault runs call it at the end. An empty list means the data is consistent.
 *
 * - every published owner's business (pago_status and paid fewer than 30 days ago) has a processed payment,
 *   applied at most 30 days ago (the bundled sample businesses belong to nobody and were never paid);
 * - no payment is processed but unapplied (an approved payment whose business is gone is refunded, and then
 *   its status is "refunded");
 * - no promotion without its business;
 * - no image referenced by a business or promotion is missing from the image store;
 * - every business's rating and count are the mean and number of its visible opinions (ADR 027; a suspension
 *   hides and shows opinions, ADR 042).
 */
export async function checkInvariants(db: Pick<Db, 'execute'>, options: InvariantOptions = {}): Promise<Violation[]> {
  const now = (options.now ?? new Date()).toISOString();
  const violations: Violation[] = [];
  const collect = async (invariant: InvariantName, query: SQL, describe: (row: Record<string, unknown>) => string) => {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    for (const row of rows) violations.push({ invariant, detail: describe(row) });
  };

  await collect(
    'published_without_payment',
    sql`SELECT c.id, c.nombre, c.fecha_pago FROM comercios c
        WHERE c.propietario_id IS NOT NULL AND c.pago_status AND c.fecha_pago IS NOT NULL
          AND c.fecha_pago > ${now}::timestamptz - make_interval(days => ${PUBLICATION_DAYS})
          AND NOT EXISTS (
            SELECT 1 FROM pagos p WHERE p.comercio_id = c.id AND p.status = 'processed' AND p.applied_at IS NOT NULL
              AND p.period_end > ${now}::timestamptz)
        ORDER BY c.id`,
    (r) =>
      `comercio ${String(r.id)} (${String(r.nombre)}) is published (fecha_pago ${String(r.fecha_pago)}) without a processed payment whose period lasts until now`,
  );
  await collect(
    'payment_unapplied',
    sql`SELECT id, comercio_id, provider_order_id FROM pagos WHERE status = 'processed' AND applied_at IS NULL ORDER BY id`,
    (r) =>
      `pago ${String(r.id)} (order ${String(r.provider_order_id)}, comercio ${String(r.comercio_id)}) is processed but was neither applied nor refunded`,
  );
  await collect(
    'promocion_without_comercio',
    sql`SELECT p.id, p.comercio_id FROM promociones p LEFT JOIN comercios c ON c.id = p.comercio_id WHERE c.id IS NULL ORDER BY p.id`,
    (r) => `promocion ${String(r.id)} points to comercio ${String(r.comercio_id)}, which does not exist`,
  );
  await collect(
    'image_missing',
    sql`SELECT refs.owner, refs.image FROM (
          SELECT 'comercio ' || c.id AS owner, c.imagen AS image FROM comercios c WHERE c.imagen IS NOT NULL
          UNION ALL SELECT 'comercio ' || c.id, g.image FROM comercios c, unnest(c.galeria) AS g(image)
          UNION ALL SELECT 'promocion ' || p.id, p.imagen FROM promociones p WHERE p.imagen IS NOT NULL
          UNION ALL SELECT 'promocion ' || p.id, p.imagen2 FROM promociones p WHERE p.imagen2 IS NOT NULL
        ) refs WHERE NOT EXISTS (SELECT 1 FROM imagenes i WHERE i.id = refs.image)
        ORDER BY refs.owner`,
    (r) => `${String(r.owner)} refers to image ${String(r.image)}, which is not stored`,
  );
  // The stored mean is a real: compared within a rounding error, never a difference a card could show.
  await collect(
    'rating_not_from_opinions',
    sql`SELECT c.id, c.rating, c.opiniones_count, coalesce(o.mean, 0) AS mean, coalesce(o.n, 0) AS n
        FROM comercios c
        LEFT JOIN (SELECT comercio_id, avg(estrellas)::float8 AS mean, count(*)::int AS n FROM opiniones
                   WHERE oculto_at IS NULL GROUP BY comercio_id) o ON o.comercio_id = c.id
        WHERE c.opiniones_count <> coalesce(o.n, 0) OR abs(c.rating - coalesce(o.mean, 0)) > 0.0001
        ORDER BY c.id`,
    (r) =>
      `comercio ${String(r.id)} reads rating ${String(r.rating)} from ${String(r.opiniones_count)} opinions, but its visible opinions give ${String(r.mean)} from ${String(r.n)}`,
  );
  return violations;
}
