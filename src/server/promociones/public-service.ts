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
 * The statement of one page of the list (one more row than a page: is there a next one?). The benchmark
 * explains it. With "Cerca mío": only businesses inside `near.inCircle`, nearest first, with their distance.
 */
export function promocionesPageQuery(
  db: Db,
  query: PromocionListQuery,
  now: Date,
  near?: { center: LatLng; inCircle: SQL },
) {
  const extra: SQL[] = [];
  if (query.categoria) extra.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) extra.push(eq(comercios.localidad, query.localidad));
  if (query.hoy) extra.push(hoyWhere(now));
  if (near) extra.push(near.inCircle);
  const distance = near ? distanceSql(near.center) : sql<null>`NULL::float8`;
  return selectVisiblePromociones(db, now, extra, distance)
    .orderBy(...(near ? [asc(distance)] : []), asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(PROMO_PAGE_SIZE + 1)
    .offset((query.page - 1) * PROMO_PAGE_SIZE);
}

/**
 * Visible promotions, soonest expiry first, a page at a time. With the visitor's position ("Cerca mío"):
 * only promotions of businesses with a pin within reach, their business nearest first (then soonest expiry),
 * each with that distance; the smallest circle that fills the page answers it (ADR 019).
 */
export async function listVisiblePromociones(
  db: Db,
  query: PromocionListQuery,
  now: Date,
): Promise<Page<PromocionCard>> {
  const center = nearOf(query);
  if (!center) return toPage(query, await promocionesPageQuery(db, query, now));
  return nearestFirst(
    center,
    (page) => page.hasMore,
    async (inCircle) => toPage(query, await promocionesPageQuery(db, query, now, { center, inCircle })),
  );
}

type PageRow = Awaited<ReturnType<typeof promocionesPageQuery>>[number];

function toPage(query: PromocionListQuery, rows: PageRow[]): Page<PromocionCard> {
  return {
    items: rows
      .slice(0, PROMO_PAGE_SIZE)
      .map((r) =>
        r.distancia_metros !== null
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
 * promotion; with `hoy`, only today's. `onlyFeatured` says featured businesses' promotions of today filled it alone (so no other
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
    // Home's "Hoy" toggle: only today's, so the last two steps never run.
    ...(filters.hoy
      ? []
      : [
          [notHoyWhere(now), eq(comercios.destacado, true)],
          [notHoyWhere(now), eq(comercios.destacado, false)],
        ]),
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
