import { and, arrayContains, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ComercioCard, ComercioDetalle, Page } from '#shared/api';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { isPublished } from '#shared/rules/publication';
import { nearOf, type ComercioListQuery } from '#shared/schemas/queries';
import type { LatLng } from '#shared/rules/geo';
import { compareEs, foldAccents } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { toComercio, toComercioCard, toPromocion, type ComercioCardRow } from './mapper';
import { distanceSql, nearestFirst } from './near';
import { containsPattern, publishedWhere, visiblePromotionWhere } from './published';

/** Cards carry a short description: the grid shows two lines, the detail the whole text. */
export const CARD_DESCRIPTION_CHARS = 180;

/** What a business card reads, for every list that shows cards (home, search, favourites). */
export const CARD_COLUMNS = {
  id: comercios.id,
  nombre: comercios.nombre,
  categoria: comercios.categoria,
  descripcion: sql<string>`left(${comercios.descripcion}, ${CARD_DESCRIPTION_CHARS})`,
  rating: comercios.rating,
  imagen: comercios.imagen,
  horario: comercios.horario,
  distancia: comercios.distancia,
  localidad: comercios.localidad,
  destacado: comercios.destacado,
  lat: comercios.lat,
  lng: comercios.lng,
};

/**
 * One page of published businesses matching every given filter; the database does the matching. With the
 * visitor's position ("Cerca mío") only businesses with a pin within reach come, nearest first, with their
 * distance.
 */
export async function listPublishedComercios(db: Db, query: ComercioListQuery, now: Date): Promise<Page<ComercioCard>> {
  const near = nearOf(query);
  const filters: SQL[] = [publishedWhere(now)];
  if (query.categoria) filters.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) filters.push(eq(comercios.localidad, query.localidad));
  if (!near) return listPage(db, query, filters, now);
  // Nearest first: the smallest circle that fills the page answers it (ADR 019).
  return nearestFirst(
    near,
    (page) => page.hasMore,
    (inCircle) => listPage(db, query, [...filters, inCircle], now, near),
  );
}

async function listPage(
  db: Db,
  query: ComercioListQuery,
  filters: SQL[],
  now: Date,
  near?: LatLng,
): Promise<Page<ComercioCard>> {
  if (query.q) return searchPublishedComercios(db, query.q, query.page, filters, now, near);

  const distance = near ? distanceSql(near) : sql<null>`NULL::float8`;
  const rows = await db
    .select({
      ...CARD_COLUMNS,
      distancia_metros: sql<number | null>`${distance}`.mapWith(Number),
    })
    .from(comercios)
    .where(and(...filters))
    .orderBy(...(near ? [asc(distance)] : [desc(comercios.destacado), asc(comercios.sortName)]), asc(comercios.id))
    .limit(COMERCIO_PAGE_SIZE + 1)
    .offset((query.page - 1) * COMERCIO_PAGE_SIZE);

  return {
    items: rows.slice(0, COMERCIO_PAGE_SIZE).map((row) => withDistance(toComercioCard(row), row.distancia_metros)),
    page: query.page,
    hasMore: rows.length > COMERCIO_PAGE_SIZE,
  };
}

/** Whole metres: the server's number is already rounded to the visitor's ~100 m, decimals would only lie. */
function withDistance(card: ComercioCard, meters: number | null | undefined): ComercioCard {
  return meters === null || meters === undefined || Number.isNaN(meters)
    ? card
    : { ...card, distanciaMetros: Math.round(meters) };
}

interface SearchRow extends ComercioCardRow {
  distancia_metros: number | null;
  promo_titulo: string | null;
  promo_descuento: string | null;
}

/** "2x1 en muzza" as it is; "Combo desayuno" with its discount: "Combo desayuno (20%)". */
export function promoLabel(titulo: string, descuento: string | null): string {
  return !descuento || foldAccents(titulo).includes(foldAccents(descuento)) ? titulo : `${titulo} (${descuento})`;
}

/**
 * Search: the business's own text (name, description, categories, services, locality) or the title and
 * description of one of its visible promotions. Each side is a trigram-index lookup and the two id sets
 * are joined (an OR across the two tables would scan every business). Name matches come first, then other
 * fields of the business, then businesses found only through a promotion, which carry its title.
 */
async function searchPublishedComercios(
  db: Db,
  q: string,
  page: number,
  filters: SQL[],
  now: Date,
  near: LatLng | undefined,
): Promise<Page<ComercioCard>> {
  const rows = await queryRows<SearchRow>(db, searchQuery(q, page, filters, now, near));
  return {
    items: rows.slice(0, COMERCIO_PAGE_SIZE).map((row) => {
      const card = withDistance(
        toComercioCard({
          ...row,
          rating: Number(row.rating),
          lat: row.lat === null ? null : Number(row.lat),
          lng: row.lng === null ? null : Number(row.lng),
        }),
        row.distancia_metros === null ? null : Number(row.distancia_metros),
      );
      return row.promo_titulo ? { ...card, promoCoincidente: promoLabel(row.promo_titulo, row.promo_descuento) } : card;
    }),
    page,
    hasMore: rows.length > COMERCIO_PAGE_SIZE,
  };
}

/** The search statement (exported so a test can check its plan uses the trigram indexes). */
export function searchQuery(q: string, page: number, filters: SQL[], now: Date, near?: LatLng): SQL {
  const pattern = containsPattern(q);
  const distance = near ? distanceSql(near) : sql`NULL::float8`;
  const columns = sql`${comercios.id} AS id, ${comercios.nombre} AS nombre, ${comercios.categoria} AS categoria,
    left(${comercios.descripcion}, ${CARD_DESCRIPTION_CHARS}) AS descripcion, ${comercios.rating} AS rating,
    ${comercios.imagen} AS imagen, ${comercios.horario} AS horario, ${comercios.distancia} AS distancia,
    ${comercios.localidad} AS localidad, ${comercios.destacado} AS destacado, ${comercios.sortName} AS sort_name,
    ${comercios.lat} AS lat, ${comercios.lng} AS lng, ${distance} AS distancia_metros`;
  // Two branches, each the cheapest plan of its own table: the business's text (as the grid search always
  // was), and businesses reached from a matching visible promotion by primary key. No OR across tables.
  return sql`WITH promo_hits AS (
          SELECT DISTINCT ON (${promociones.comercioId}) ${promociones.comercioId} AS comercio_id, ${promociones.titulo} AS titulo,
            ${promociones.descuento} AS descuento
          FROM ${promociones}
          WHERE ${promociones.searchText} LIKE ${pattern} AND ${visiblePromotionWhere(now)}
          ORDER BY ${promociones.comercioId}, ${promociones.fechaVencimiento}, ${promociones.id}
        )
        SELECT * FROM (
          SELECT ${columns}, CASE WHEN ${comercios.sortName} LIKE ${pattern} THEN 0 ELSE 1 END AS rank,
            NULL::text AS promo_titulo, NULL::text AS promo_descuento
          FROM ${comercios}
          WHERE ${comercios.searchText} LIKE ${pattern} AND ${and(...filters)}
          UNION ALL
          SELECT ${columns}, 2 AS rank, promo_hits.titulo AS promo_titulo, promo_hits.descuento AS promo_descuento
          FROM promo_hits
          JOIN ${comercios} ON ${comercios.id} = promo_hits.comercio_id
          WHERE NOT (${comercios.searchText} LIKE ${pattern}) AND ${and(...filters)}
        ) AS ranked
        ORDER BY ${near ? sql`distancia_metros, id` : sql`rank, destacado DESC, sort_name, id`}
        LIMIT ${COMERCIO_PAGE_SIZE + 1} OFFSET ${(page - 1) * COMERCIO_PAGE_SIZE}`;
}

/** Every category of a published business, each once, in Spanish alphabetical order. */
export async function listPublishedCategorias(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ categoria: string }>(
    db,
    sql`SELECT DISTINCT unnest(${comercios.categorias}) AS categoria FROM ${comercios} WHERE ${publishedWhere(now)}`,
  );
  return rows.map((r) => r.categoria).sort(compareEs);
}

/**
 * A business's public page. Hidden businesses do not exist for anyone but their owner, who may preview
 * them (without promotions, as the spec's "Promociones no disponibles" state shows).
 */
export async function getComercioDetalle(
  db: Db,
  id: number,
  viewerId: string | null,
  now: Date,
): Promise<ComercioDetalle> {
  const [row] = await db.select().from(comercios).where(eq(comercios.id, id)).limit(1);
  if (!row) throw notFound('No encontramos este comercio.');
  const publicado = isPublished(row, now);
  const esPropio = viewerId !== null && row.propietarioId === viewerId;
  if (!publicado && !esPropio) throw notFound('No encontramos este comercio.');

  const promos = publicado
    ? await db
        .select()
        .from(promociones)
        .where(and(eq(promociones.comercioId, id), visiblePromotionWhere(now)))
        .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    : [];
  return { ...toComercio(row), publicado, esPropio, promociones: promos.map(toPromocion) };
}
