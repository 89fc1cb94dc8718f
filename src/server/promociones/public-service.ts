import { and, arrayContains, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page, PromocionCard } from '#shared/api';
import { FEATURED_PROMO_LIMIT, PROMO_PAGE_SIZE } from '#shared/constants';
import type { FeaturedPromocionQuery, PromocionListQuery } from '#shared/schemas/queries';
import { compareEs } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { toPromocion } from '#server/comercios/mapper';
import { publishedWhere, visiblePromotionWhere } from '#server/comercios/published';

function selectVisiblePromociones(db: Db, now: Date, extra: SQL[] = []) {
  return db
    .select({
      promo: promociones,
      comercio: {
        id: comercios.id,
        nombre: comercios.nombre,
        categoria: comercios.categoria,
        imagen: comercios.imagen,
      },
    })
    .from(promociones)
    .innerJoin(comercios, eq(promociones.comercioId, comercios.id))
    .where(and(visiblePromotionWhere(now), publishedWhere(now), ...extra));
}

type Row = Awaited<ReturnType<typeof selectVisiblePromociones>>[number];
const toCard = (r: Row): PromocionCard => ({ ...toPromocion(r.promo), comercio: r.comercio });

/** Visible promotions, soonest expiry first, a page at a time. */
export async function listVisiblePromociones(
  db: Db,
  query: PromocionListQuery,
  now: Date,
): Promise<Page<PromocionCard>> {
  const extra: SQL[] = [];
  if (query.categoria) extra.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) extra.push(eq(comercios.localidad, query.localidad));
  const rows = await selectVisiblePromociones(db, now, extra)
    .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(PROMO_PAGE_SIZE + 1)
    .offset((query.page - 1) * PROMO_PAGE_SIZE);
  return {
    items: rows.slice(0, PROMO_PAGE_SIZE).map(toCard),
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
 * The strip on the home page: promotions of featured businesses first, then the soonest to expire, of the
 * businesses the grid's filters show. Two small index-friendly queries instead of one sort over every visible
 * promotion. `onlyFeatured` says featured businesses filled it alone (so no other business can enter it).
 */
export async function listFeaturedPromociones(
  db: Db,
  now: Date,
  filters: Partial<FeaturedPromocionQuery> = {},
): Promise<{ items: PromocionCard[]; onlyFeatured: boolean }> {
  const where = comercioFilters(filters);
  const featured = await selectVisiblePromociones(db, now, [eq(comercios.destacado, true), ...where])
    .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(FEATURED_PROMO_LIMIT);
  if (featured.length === FEATURED_PROMO_LIMIT) return { items: featured.map(toCard), onlyFeatured: true };
  const rest = await selectVisiblePromociones(db, now, [eq(comercios.destacado, false), ...where])
    .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(FEATURED_PROMO_LIMIT - featured.length);
  return { items: [...featured, ...rest].map(toCard), onlyFeatured: false };
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
