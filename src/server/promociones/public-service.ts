import { and, arrayContains, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page, PromocionCard } from '#shared/api';
import { FEATURED_PROMO_LIMIT, PROMO_PAGE_SIZE } from '#shared/constants';
import { nearOf, type FeaturedPromocionQuery, type PromocionListQuery } from '#shared/schemas/queries';
import type { LatLng } from '#shared/rules/geo';
import { compareEs } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { toPromocion } from '#server/comercios/mapper';
import { distanceSql, nearestFirst } from '#server/comercios/near';
import { hoyWhere, notHoyWhere, publishedWhere, visiblePromotionWhere } from '#server/comercios/published';

/**
 * Promotions visible now (their business published), with the card fields of their business (and its distance
 * from the visitor when "Cerca mío" gives one).
 */
export function selectVisiblePromociones(db: Db, now: Date, extra: SQL[] = [], distance: SQL = sql`NULL::float8`) {
  return db
    .select({
      promo: promociones,
      comercio: {
        id: comercios.id,
        nombre: comercios.nombre,
        categoria: comercios.categoria,
        imagen: comercios.imagen,
      },
      distancia_metros: sql<number | null>`${distance}`,
    })
    .from(promociones)
    .innerJoin(comercios, eq(promociones.comercioId, comercios.id))
    .where(and(visiblePromotionWhere(now), publishedWhere(now), ...extra));
}

type Row = Awaited<ReturnType<typeof selectVisiblePromociones>>[number];
const toCard = (r: Row): PromocionCard => ({ ...toPromocion(r.promo), comercio: r.comercio });

/**
 * Visible promotions, soonest expiry first, a page at a time. With the visitor's position ("Cerca mío"):
 * only promotions of businesses with a pin within reach, their business nearest first (then soonest expiry),
 * each with that distance.
 */
export async function listVisiblePromociones(
  db: Db,
  query: PromocionListQuery,
  now: Date,
): Promise<Page<PromocionCard>> {
  const near = nearOf(query);
  const extra: SQL[] = [];
  if (query.categoria) extra.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) extra.push(eq(comercios.localidad, query.localidad));
  if (query.hoy) extra.push(hoyWhere(now));
  if (!near) return promocionesPage(db, query, extra, now);
  // Their businesses nearest first: the smallest circle that fills the page answers it (ADR 019).
  return nearestFirst(
    near,
    (page) => page.hasMore,
    (inCircle) => promocionesPage(db, query, [...extra, inCircle], now, near),
  );
}

async function promocionesPage(
  db: Db,
  query: PromocionListQuery,
  extra: SQL[],
  now: Date,
  near?: LatLng,
): Promise<Page<PromocionCard>> {
  const distance = near ? distanceSql(near) : sql<null>`NULL::float8`;
  const rows = await selectVisiblePromociones(db, now, extra, distance)
    .orderBy(...(near ? [asc(distance)] : []), asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(PROMO_PAGE_SIZE + 1)
    .offset((query.page - 1) * PROMO_PAGE_SIZE);
  return {
    items: rows
      .slice(0, PROMO_PAGE_SIZE)
      .map((r) =>
        near && r.distancia_metros !== null
          ? { ...toCard(r), distanciaMetros: Math.round(Number(r.distancia_metros)) }
          : toCard(r),
      ),
    page: query.page,
    hasMore: rows.length > PROMO_PAGE_SIZE,
  };
}

/** The grid's category and locality filters, as conditions on the promotion's business. */
function comercioFilters(filters: Partial<FeaturedPromocionQuery>): SQL[] {
  const where: SQL[] = [];
  if (filters.categoria) where.push(arrayContains(comercios.categorias, [filters.categoria]));
  if (filters.localidad) where.push(eq(comercios.localidad, filters.localidad));
  return where;
}

/**
 * The strip on the home page: promotions that apply today first, then the others; within each, those of
 * featured businesses first, then the soonest to expire, of the businesses the grid's filters show. Small
 * index-friendly queries, stopped as soon as the strip is full, instead of one sort over every visible
 * promotion. `onlyFeatured` says featured businesses' promotions of today filled it alone (so no other
 * business can enter it).
 */
export async function listFeaturedPromociones(
  db: Db,
  now: Date,
  filters: Partial<FeaturedPromocionQuery> = {},
): Promise<{ items: PromocionCard[]; onlyFeatured: boolean }> {
  const where = comercioFilters(filters);
  const steps: SQL[][] = [
    [hoyWhere(now), eq(comercios.destacado, true)],
    [hoyWhere(now), eq(comercios.destacado, false)],
    [notHoyWhere(now), eq(comercios.destacado, true)],
    [notHoyWhere(now), eq(comercios.destacado, false)],
  ];
  const items: Row[] = [];
  for (const [i, step] of steps.entries()) {
    const rows = await selectVisiblePromociones(db, now, [...step, ...where])
      .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
      .limit(FEATURED_PROMO_LIMIT - items.length);
    items.push(...rows);
    if (items.length === FEATURED_PROMO_LIMIT) return { items: items.map(toCard), onlyFeatured: i === 0 };
  }
  return { items: items.map(toCard), onlyFeatured: false };
}

/** Categories (of their businesses) that have at least one visible promotion. */
export async function listPromocionCategorias(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ categoria: string }>(
    db,
    sql`SELECT DISTINCT unnest(${comercios.categorias}) AS categoria
        FROM ${promociones} JOIN ${comercios} ON ${promociones.comercioId} = ${comercios.id}
        WHERE ${visiblePromotionWhere(now)} AND ${publishedWhere(now)}`,
  );
  return rows.map((r) => r.categoria).sort(compareEs);
}
