import { and, arrayContains, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '#server/db/qualified';
import type { ComercioCard, ComercioDetalle, ComercioPage, Page } from '#shared/api';
import type { OpinionesResumen } from '#shared/opiniones';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { isPublished } from '#shared/rules/publication';
import { nearOf, ORDEN_VALORADOS, type ComercioListQuery } from '#shared/schemas/queries';
import { toPlane, type LatLng } from '#shared/rules/geo';
import { searchTerms, wantsOpenNow, type SearchTerm } from '#shared/busqueda';
import { compareEs, foldAccents } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { comercioCategorias, comercios, promociones } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { toComercio, toComercioCard, toPromocionJson, type ComercioCardRow, type PromocionJson } from './mapper';
import {
  byDistance,
  distanceSql,
  hasPin,
  NEAR_WALK_MAX_ROWS,
  nearestFirst,
  nearWhere,
  planeDistanceFromPlaceholders,
  planeDistanceSql,
  type NearRow,
} from './near';
import {
  publicationSince,
  publishedSince,
  publishedWhere,
  visiblePromotionOn,
  visiblePromotionWhere,
} from './published';
import {
  FUZZY_CANDIDATES,
  fuzzyScore,
  fuzzyTermsWhere,
  inSearchTransaction,
  nombreCategoria,
  optionalFuzzy,
  PROMO_CANDIDATES,
  suggestion,
  termsWhere,
} from './busqueda';
import { preparedOnce, rawRows } from '#server/db/prepared';
import { abiertoWhere, minuteOfWeek, openInHourEstimate } from './abierto';
import { opinionesResumenColumns, toOpinionesResumen } from '#server/opiniones/service';
import { mendozaDate } from '#shared/rules/dates';

const SIN_OPINIONES: OpinionesResumen = { distribucion: [0, 0, 0, 0, 0], items: [], hasMore: false };

/** Cards carry a short description: the grid shows two lines, the detail the whole text. */
export const CARD_DESCRIPTION_CHARS = 180;

/** What a business card reads, for every list that shows cards (home, search, favourites). */
export const CARD_COLUMNS = {
  id: comercios.id,
  nombre: comercios.nombre,
  categoria: comercios.categoria,
  descripcion: sql<string>`left(${comercios.descripcion}, ${CARD_DESCRIPTION_CHARS})`.as('descripcion'),
  rating: comercios.rating,
  opiniones: sql<number>`${comercios.opinionesCount}`.mapWith(Number).as('opiniones'),
  imagen: comercios.imagen,
  horario: comercios.horario,
  distancia: comercios.distancia,
  localidad: comercios.localidad,
  destacado: comercios.destacado,
  lat: comercios.lat,
  lng: comercios.lng,
};

const defaultOrder = [desc(comercios.destacado), asc(comercios.sortName), asc(comercios.id)];
/**
 * "Mejor valorados" (issue 29): highest mean first, more opinions first among equal means, then the name and the
 * id, so the order is total and pages never overlap (index comercios_mejor_valorados). Featuring plays no part.
 */
const mejorValoradosOrder = [
  desc(comercios.rating),
  desc(comercios.opinionesCount),
  asc(comercios.sortName),
  asc(comercios.id),
];

/**
 * One page of published businesses matching every given filter; the database does the matching. With the
 * visitor's position ("Cerca mío") only businesses with a pin within reach come, nearest first, with their
 * distance.
 */
export async function listPublishedComercios(db: Db, query: ComercioListQuery, now: Date): Promise<SearchPage> {
  const near = nearOf(query);
  const filters: SQL[] = [publishedWhere(now)];
  if (query.categoria) filters.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) filters.push(eq(comercios.localidad, query.localidad));
  if (wantsOpenNow(query)) filters.push(abiertoWhere(now));
  // "Cerca mío" is an order of its own: with it, nearest first whatever `orden` says.
  const valorados = query.orden === ORDEN_VALORADOS && !near;
  if (query.q) {
    const terms = searchTerms(query.q);
    if (terms.length === 0) return { items: [], page: query.page, hasMore: false };
    const q = query.q;
    return inSearchTransaction(db, (tx) =>
      searchPublishedComercios(tx, q, terms, query.page, filters, now, near, valorados),
    );
  }
  if (near) return nearPage(db, query, filters, near, now);
  // The plain grid, filtered by category and locality at most (the most asked uncached answers after a business
  // page): a statement prepared once per shape. A filter beyond those two takes the general statement below.
  if (filters.length === 1 + Number(!!query.categoria) + Number(!!query.localidad))
    return plainGridPage(db, query, valorados, now);

  const rows = await db
    .select(CARD_COLUMNS)
    .from(comercios)
    .where(and(...filters))
    .orderBy(...(valorados ? mejorValoradosOrder : defaultOrder))
    .limit(COMERCIO_PAGE_SIZE + 1)
    .offset((query.page - 1) * COMERCIO_PAGE_SIZE);
  return {
    items: rows.slice(0, COMERCIO_PAGE_SIZE).map(toComercioCard),
    page: query.page,
    hasMore: rows.length > COMERCIO_PAGE_SIZE,
  };
}

/**
 * A page of the grid without search, position or other filter than category and locality, from its prepared
 * statement (src/server/db/prepared.ts): building the statement's text and mapping the rows through drizzle were
 * a large share of an uncached grid answer's CPU, and PostgreSQL parsed and planned it on every call
 * (bench/results/2026-11-27-miss-profile.md).
 */
async function plainGridPage(db: Db, query: ComercioListQuery, valorados: boolean, now: Date): Promise<ComercioPage> {
  const shape = { categoria: !!query.categoria, localidad: !!query.localidad, valorados };
  const statement = preparedOnce(
    db,
    `grid_${Number(shape.categoria)}${Number(shape.localidad)}${Number(shape.valorados)}`,
    (name) => plainGridQuery(db, shape).prepare(name),
  );
  const rows = await rawRows<ComercioCardRow>(statement, {
    since: publicationSince(now),
    categoria: query.categoria,
    localidad: query.localidad,
    limit: COMERCIO_PAGE_SIZE + 1,
    offset: (query.page - 1) * COMERCIO_PAGE_SIZE,
    fence: 0,
  });
  return {
    items: rows.slice(0, COMERCIO_PAGE_SIZE).map(toComercioCard),
    page: query.page,
    hasMore: rows.length > COMERCIO_PAGE_SIZE,
  };
}

/**
 * The plain grid's statement with placeholders. With a category, the matching businesses are read first
 * (comercios_categorias_gin) behind an OFFSET fence (always 0) and then sorted: left to itself the planner walked
 * the grid's order index (comercios_listing) filtering row by row, and a category whose names sort late
 * ("Panadería …") cost thousands of rows per page (bench/results/2026-11-27-miss-profile.md).
 */
function plainGridQuery(db: Db, shape: GridShape & { valorados: boolean }) {
  const where = and(
    publishedSince(sql.placeholder('since')),
    shape.categoria ? sql`${comercios.categorias} @> ARRAY[${sql.placeholder('categoria')}]::text[]` : undefined,
    shape.localidad ? eq(comercios.localidad, sql.placeholder('localidad')) : undefined,
  );
  if (!shape.categoria)
    return db
      .select(CARD_COLUMNS)
      .from(comercios)
      .where(where)
      .orderBy(...(shape.valorados ? mejorValoradosOrder : defaultOrder))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  const matches = db
    .select({ ...CARD_COLUMNS, sortName: comercios.sortName, opinionesCount: comercios.opinionesCount })
    .from(comercios)
    .where(where)
    .offset(sql.placeholder('fence'))
    .as('matches');
  const card = Object.fromEntries(Object.keys(CARD_COLUMNS).map((k) => [k, matches[k as keyof typeof CARD_COLUMNS]]));
  return db
    .select(card as { [K in keyof typeof CARD_COLUMNS]: (typeof matches)[K] })
    .from(matches)
    .orderBy(
      ...(shape.valorados
        ? [desc(matches.rating), desc(matches.opinionesCount), asc(matches.sortName), asc(matches.id)]
        : [desc(matches.destacado), asc(matches.sortName), asc(matches.id)]),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * Below this many businesses open in the hour, "Cerca mío" with "Abierto ahora" sorts those few by distance: the
 * walk out from the visitor would pass most of the city before it met a page of open ones (ADR 060).
 */
const NEAR_FEW_OPEN = 2000;

/** Whether the hour's statistics say few are open (unknown: no, the walk as before). */
async function fewOpenNow(db: Db, now: Date): Promise<boolean> {
  const open = await openInHourEstimate(db, now);
  return open !== null && open < NEAR_FEW_OPEN;
}

/**
 * "Cerca mío" without a search: the nearest published businesses matching the filters, straight from the
 * comercios_cerca index walk (one statement; ADR 019), ordered by their real distance here.
 */
async function nearPage(
  db: Db,
  query: ComercioListQuery,
  filters: SQL[],
  near: LatLng,
  now: Date,
): Promise<Page<ComercioCard>> {
  const skip = (query.page - 1) * COMERCIO_PAGE_SIZE;
  const needed = skip + COMERCIO_PAGE_SIZE + 1;
  if (needed > NEAR_WALK_MAX_ROWS || (wantsOpenNow(query) && (await fewOpenNow(db, now)))) {
    const distance = distanceSql(near);
    const sorted = await db
      .select({ ...CARD_COLUMNS, distancia_metros: sql<number>`${distance}`.mapWith(Number) })
      .from(comercios)
      .where(and(...filters, nearWhere(near)))
      .orderBy(asc(distance), asc(comercios.id))
      .limit(COMERCIO_PAGE_SIZE + 1)
      .offset(skip);
    return {
      items: sorted
        .slice(0, COMERCIO_PAGE_SIZE)
        .map(({ distancia_metros, ...row }) => withDistance(toComercioCard(row), distancia_metros)),
      page: query.page,
      hasMore: sorted.length > COMERCIO_PAGE_SIZE,
    };
  }
  const statement = nearGridStatement(db, {
    categoria: !!query.categoria,
    localidad: !!query.localidad,
    abierto: wantsOpenNow(query),
  });
  const values = {
    ...toPlane(near),
    since: publicationSince(now),
    categoria: query.categoria,
    localidad: query.localidad,
    minuto: minuteOfWeek(now),
  };
  const rows = await nearestFirst(needed, async (limit) =>
    byDistance(near, await rawRows<ComercioCardRow & NearRow>(statement, { ...values, limit }), needed, limit),
  );
  return {
    items: rows
      .slice(skip, skip + COMERCIO_PAGE_SIZE)
      .map(({ row, distanciaMetros }) => withDistance(toComercioCard(row), distanciaMetros)),
    page: query.page,
    hasMore: rows.length === needed,
  };
}

/** Which optional filters a near-me grid page has: each combination is a statement of its own. */
interface GridShape {
  categoria: boolean;
  localidad: boolean;
  /** "Abierto ahora": the minute of the week is a placeholder too (ADR 045). */
  abierto?: boolean;
}

/**
 * The index walk of a near-me grid page with placeholders for the visitor's flat point (x, y), the oldest valid
 * payment (since), the filters (with the minute of the week for "Abierto ahora") and the walk's limit (exported so
 * a test can check its plan walks comercios_cerca).
 */
export function nearGridQuery(db: Db, shape: GridShape) {
  return db
    .select({ ...CARD_COLUMNS, alcance: planeDistanceFromPlaceholders.as('alcance') })
    .from(comercios)
    .where(
      and(
        publishedSince(sql.placeholder('since')),
        shape.categoria ? sql`${comercios.categorias} @> ARRAY[${sql.placeholder('categoria')}]::text[]` : undefined,
        shape.localidad ? eq(comercios.localidad, sql.placeholder('localidad')) : undefined,
        shape.abierto ? sql`${comercios.horarioSemana} @> ${sql.placeholder('minuto')}::int4` : undefined,
        hasPin,
      ),
    )
    .orderBy(planeDistanceFromPlaceholders)
    .limit(sql.placeholder('limit'));
}

/** nearGridQuery() built once per database and shape (src/server/db/prepared.ts). */
function nearGridStatement(db: Db, shape: GridShape) {
  return preparedOnce(
    db,
    `near_grid_${Number(shape.categoria)}${Number(shape.localidad)}${Number(!!shape.abierto)}`,
    (name) => nearGridQuery(db, shape).prepare(name),
  );
}

/**
 * Whole metres: the server's number is already rounded to the visitor's ~100 m, decimals would only lie. Sets
 * it on the card it is given (always one just made for this answer) rather than copying it.
 */
function withDistance(card: ComercioCard, meters: number | undefined): ComercioCard {
  if (meters !== undefined && !Number.isNaN(meters)) card.distanciaMetros = Math.round(meters);
  return card;
}

/**
 * A page of the grid as the service answers it: `fuzzy` (not sent) marks the first page of a search whose words
 * as typed matched nothing, so the typo-forgiving search answered: any business within its filters may now be
 * similar to them, which the public cache's scope must know (ADR 040).
 */
export type SearchPage = ComercioPage & { fuzzy?: true };

interface SearchRow extends ComercioCardRow {
  promo_titulo: string | null;
  promo_descuento: string | null;
}

/** "2x1 en muzza" as it is; "Combo desayuno" with its discount: "Combo desayuno (20%)". */
export function promoLabel(titulo: string, descuento: string | null): string {
  return !descuento || foldAccents(titulo).includes(foldAccents(descuento)) ? titulo : `${titulo} (${descuento})`;
}

function toSearchCard(row: SearchRow, meters?: number): ComercioCard {
  const card = withDistance(
    toComercioCard({
      ...row,
      rating: Number(row.rating),
      opiniones: Number(row.opiniones),
      lat: row.lat === null ? null : Number(row.lat),
      lng: row.lng === null ? null : Number(row.lng),
    }),
    meters,
  );
  return row.promo_titulo ? { ...card, promoCoincidente: promoLabel(row.promo_titulo, row.promo_descuento) } : card;
}

/**
 * Search (ADR 040): every term in the business's own text (name, description, categories, services, locality)
 * or in one of its visible promotions, in any order. Each side is a trigram-index lookup and the two id sets
 * are joined (an OR across the two tables would scan every business). Name matches come first, then other
 * fields of the business, then businesses found only through a promotion, which carry its title. With
 * "Cerca mío", nearest first whichever side found them. When that finds nothing (a first page without "Cerca
 * mío"), the typo-forgiving search answers with the businesses that have similar words, and suggests the
 * corrected words ("¿Quisiste decir …?").
 */
async function searchPublishedComercios(
  db: Db,
  q: string,
  terms: SearchTerm[],
  page: number,
  filters: SQL[],
  now: Date,
  near: LatLng | undefined,
  valorados = false,
): Promise<SearchPage> {
  if (!near) {
    const rows = valorados
      ? await queryRows<SearchRow>(db, searchQuery(terms, page, filters, now, undefined, true))
      : await rankedSearchRows(db, terms, page, filters, now);
    const items = rows.slice(0, COMERCIO_PAGE_SIZE).map((row) => toSearchCard(row));
    // Only when the words as typed find nothing: added after one or two matches, similar words were mostly noise
    // ("palta" is as similar to "pasta" as "farmasia" is to "farmacia").
    if (page > 1 || items.length > 0) return { items, page, hasMore: rows.length > COMERCIO_PAGE_SIZE };
    const fuzzy = await optionalFuzzy(db, async (tx) => {
      const similar = await queryRows<SearchRow>(tx, fuzzySearchQuery(terms, filters, COMERCIO_PAGE_SIZE));
      const best = similar[0];
      return { similar, sugerencia: best ? await suggestion(tx, q, best) : null };
    });
    if (!fuzzy) return { items, page, hasMore: false, fuzzy: true };
    return {
      items: fuzzy.similar.map((row) => toSearchCard(row)),
      page,
      hasMore: false,
      ...(fuzzy.sugerencia ? { sugerencia: fuzzy.sugerencia } : {}),
      fuzzy: true,
    };
  }
  const skip = (page - 1) * COMERCIO_PAGE_SIZE;
  const needed = skip + COMERCIO_PAGE_SIZE + 1;
  if (needed > NEAR_WALK_MAX_ROWS) {
    const sorted = await queryRows<SearchRow & { distancia_metros: number | string }>(
      db,
      searchQuery(terms, page, [...filters, nearWhere(near)], now, { near }),
    );
    return {
      items: sorted.slice(0, COMERCIO_PAGE_SIZE).map((row) => toSearchCard(row, Number(row.distancia_metros))),
      page,
      hasMore: sorted.length > COMERCIO_PAGE_SIZE,
    };
  }
  const rows = await nearestFirst(needed, async (limit) =>
    byDistance(
      near,
      await queryRows<SearchRow & NearRow>(db, searchQuery(terms, page, [...filters, hasPin], now, { near, limit })),
      needed,
      limit,
    ),
  );
  return {
    items: rows
      .slice(skip, skip + COMERCIO_PAGE_SIZE)
      .map(({ row, distanciaMetros }) => toSearchCard(row, distanciaMetros)),
    page,
    hasMore: rows.length === needed,
  };
}

/** The search's ranks in the default order: name matches, the rest of the business's text, promotions only. */
export const SEARCH_RANKS = [0, 1, 2] as const;
export type SearchRank = (typeof SEARCH_RANKS)[number];
/**
 * How many businesses, in the grid's order, a rank's first statement reads before it gives up on finding its
 * page there (then the rank's matches are read from the trigram indexes and sorted), and the deepest page for
 * which it tries.
 */
export const SEARCH_WALK_ROWS = 300;
const SEARCH_WALK_MAX_LIMIT = 100;

/**
 * One page of the search in the default order (name matches, then the rest of the business's text, then
 * businesses found only through a promotion; featured first, then by name, within each), read one rank at a time,
 * a rank only when those before it leave the page short. Each rank first reads at most SEARCH_WALK_ROWS businesses
 * in the grid's order (index comercios_listing) and keeps the matches: a word found in a large share of them
 * ("delivery", "san martin") is answered from the rows the page shows instead of a sort of every match. Found
 * short, the rank's matches are few or gathered further down the alphabet: its second statement reads them from
 * the trigram indexes and sorts them. Neither trusts the planner's guess of how common the words are, which
 * cannot see that names starting with "Panadería" all sit under P.
 */
async function rankedSearchRows(
  db: Db,
  terms: readonly SearchTerm[],
  page: number,
  filters: SQL[],
  now: Date,
): Promise<SearchRow[]> {
  let skip = (page - 1) * COMERCIO_PAGE_SIZE;
  let wanted = COMERCIO_PAGE_SIZE + 1;
  const rows: SearchRow[] = [];
  for (const rank of SEARCH_RANKS) {
    const limit = skip + wanted;
    let found =
      limit <= SEARCH_WALK_MAX_LIMIT && rank !== 2
        ? await queryRows<SearchRow>(db, rankedSearchQuery(rank, terms, filters, now, limit, 'walk'))
        : [];
    if (found.length < limit)
      found = await queryRows<SearchRow>(db, rankedSearchQuery(rank, terms, filters, now, limit, 'sort'));
    const taken = found.slice(skip);
    rows.push(...taken);
    wanted -= taken.length;
    skip = Math.max(0, skip - found.length);
    if (wanted === 0) break;
  }
  return rows;
}

/**
 * One rank of the search in the default order, its first `limit` rows (exported for the benchmark's plans). Rank
 * 0: each term in the name; 1: in the business's text but not all in the name; 2: only in a visible promotion (at
 * most PROMO_CANDIDATES of them read). `walk`: among the first SEARCH_WALK_ROWS businesses of the grid's order
 * only; `sort`: all of them, the order written so that no index provides it (sort_name || ''), so the planner reads
 * the matches from the trigram indexes (comercios_sort_name_trgm, comercios_search_trgm) rather than walking the
 * grid's order hoping to meet them soon.
 */
export function rankedSearchQuery(
  rank: SearchRank,
  terms: readonly SearchTerm[],
  filters: SQL[],
  now: Date,
  limit: number,
  how: 'walk' | 'sort',
): SQL {
  const columns = searchColumns();
  const nameMatch = termsWhere(comercios.sortName, terms);
  const ownMatch = termsWhere(comercios.searchText, terms);
  const match = rank === 0 ? nameMatch : rank === 1 ? sql`${ownMatch} AND NOT (${nameMatch})` : sql`NOT (${ownMatch})`;
  const head = rank === 2 ? promoHits(terms, now) : sql``;
  const promo =
    rank === 2
      ? sql`promo_hits.titulo AS promo_titulo, promo_hits.descuento AS promo_descuento`
      : sql`NULL::text AS promo_titulo, NULL::text AS promo_descuento`;
  const from = rank === 2 ? sql`promo_hits JOIN ${comercios} ON ${comercios.id} = promo_hits.comercio_id` : comercios;
  // The promotion side is bounded by its own cap: its few rows are sorted as they come.
  if (how === 'sort' || rank === 2)
    return sql`${head} SELECT ${columns}, ${promo} FROM ${from} WHERE ${match} AND ${and(...filters)}
      ORDER BY ${comercios.destacado} DESC, ${rank === 2 ? comercios.sortName : sql`${comercios.sortName} || ''`},
        ${comercios.id} LIMIT ${limit}`;
  return sql`SELECT * FROM (
      SELECT ${columns}, ${promo}, ${match} AS coincide FROM ${comercios} WHERE ${and(...filters)}
      ORDER BY ${comercios.destacado} DESC, ${comercios.sortName}, ${comercios.id} LIMIT ${SEARCH_WALK_ROWS}
    ) AS walk
    WHERE coincide
    ORDER BY destacado DESC, sort_name, id LIMIT ${limit}`;
}

/**
 * The businesses reached from a matching visible promotion, each with its soonest-expiring match: at most
 * PROMO_CANDIDATES matching promotions are read, so a word in a large share of them ("promo", "2x1") costs a
 * bounded read instead of a sort of them all, and only promotion-only matches can be left out.
 */
function promoHits(terms: readonly SearchTerm[], now: Date): SQL {
  return sql`WITH promo_hits AS (
          SELECT DISTINCT ON (candidatas.comercio_id) candidatas.comercio_id, candidatas.titulo, candidatas.descuento
          FROM (
            SELECT ${promociones.comercioId} AS comercio_id, ${promociones.titulo} AS titulo,
              ${promociones.descuento} AS descuento, ${promociones.fechaVencimiento} AS vence, ${promociones.id} AS id
            FROM ${promociones}
            WHERE ${termsWhere(promociones.searchText, terms)} AND ${visiblePromotionWhere(now)}
            LIMIT ${PROMO_CANDIDATES}
          ) AS candidatas
          ORDER BY candidatas.comercio_id, candidatas.vence, candidatas.id
        )`;
}

/** The card columns of the search statements, with the visitor's distance when there is one. */
function searchColumns(walk?: { near: LatLng }): SQL {
  return sql`${comercios.id} AS id, ${comercios.nombre} AS nombre, ${comercios.categoria} AS categoria,
    left(${comercios.descripcion}, ${CARD_DESCRIPTION_CHARS}) AS descripcion, ${comercios.rating} AS rating,
    ${comercios.opinionesCount} AS opiniones,
    ${comercios.imagen} AS imagen, ${comercios.horario} AS horario, ${comercios.distancia} AS distancia,
    ${comercios.localidad} AS localidad, ${comercios.destacado} AS destacado, ${comercios.sortName} AS sort_name,
    ${comercios.lat} AS lat, ${comercios.lng} AS lng${walk ? sql`, ${planeDistanceSql(walk.near)} AS alcance, ${distanceSql(walk.near)} AS distancia_metros` : sql``}`;
}

/**
 * The search statement (exported so a test can check its plan uses the trigram indexes). With `walk`, each
 * side is instead an index walk of its `limit` matches nearest the visitor (comercios_cerca; the planner
 * matches the words first when they are rare), and byDistance orders the two walks' rows; without a limit
 * (a page deeper than NEAR_WALK_MAX_ROWS), every match sorted by distance.
 */
export function searchQuery(
  terms: readonly SearchTerm[],
  page: number,
  filters: SQL[],
  now: Date,
  walk?: { near: LatLng; limit?: number },
  valorados = false,
): SQL {
  const columns = searchColumns(walk);
  const ownMatch = termsWhere(comercios.searchText, terms);
  // Two branches, each the cheapest plan of its own table: the business's text (as the grid search always
  // was), and businesses reached from a matching visible promotion by primary key (promoHits). No OR across
  // tables.
  const head = promoHits(terms, now);
  const own = sql`SELECT ${columns}, CASE WHEN ${termsWhere(comercios.sortName, terms)} THEN 0 ELSE 1 END AS rank,
            NULL::text AS promo_titulo, NULL::text AS promo_descuento, 0 AS rama
          FROM ${comercios}
          WHERE ${ownMatch} AND ${and(...filters)}`;
  const viaPromo = sql`SELECT ${columns}, 2 AS rank, promo_hits.titulo AS promo_titulo,
            promo_hits.descuento AS promo_descuento, 1 AS rama
          FROM promo_hits
          JOIN ${comercios} ON ${comercios.id} = promo_hits.comercio_id
          WHERE NOT (${ownMatch}) AND ${and(...filters)}`;
  if (walk?.limit !== undefined) {
    const nearest = sql`ORDER BY ${planeDistanceSql(walk.near)} LIMIT ${walk.limit}`;
    return sql`${head} (${own} ${nearest}) UNION ALL (${viaPromo} ${nearest})`;
  }
  return sql`${head}
        SELECT * FROM (${own} UNION ALL ${viaPromo}) AS ranked
        ORDER BY ${walk ? sql`distancia_metros, id` : valorados ? sql`rating DESC, opiniones DESC, sort_name, id` : sql`rank, destacado DESC, sort_name, id`}
        LIMIT ${COMERCIO_PAGE_SIZE + 1} OFFSET ${(page - 1) * COMERCIO_PAGE_SIZE}`;
}

/**
 * The typo-forgiving search (exported for its plan test): businesses whose name or main category has each term or
 * a word similar to it. Its trigram index (comercios_nombre_trgm) gives at most FUZZY_CANDIDATES of them (any,
 * unordered: the bound on its cost), and the filters and the ranking by similarity, name first, apply to those.
 */
export function fuzzySearchQuery(terms: readonly SearchTerm[], filters: SQL[], limit: number): SQL {
  return sql`SELECT ${searchColumns()}, NULL::text AS promo_titulo, NULL::text AS promo_descuento
        FROM (
          SELECT ${comercios.id} AS candidato FROM ${comercios}
          WHERE ${fuzzyTermsWhere(nombreCategoria, terms)}
          LIMIT ${FUZZY_CANDIDATES}
        ) AS candidatos
        JOIN ${comercios} ON ${comercios.id} = candidatos.candidato
        WHERE ${and(...filters)}
        ORDER BY ${fuzzyScore(comercios.sortName, terms)} DESC, ${fuzzyScore(nombreCategoria, terms)} DESC,
          ${comercios.destacado} DESC, ${comercios.sortName}, ${comercios.id}
        LIMIT ${limit}`;
}

/** Every category of a published business, each once, in Spanish alphabetical order. */
export async function listPublishedCategorias(db: Db, now: Date): Promise<string[]> {
  const statement = preparedOnce(db, 'categorias_publicadas', (name) => publishedCategoriasQuery(db).prepare(name));
  const rows = await statement.execute({ since: publicationSince(now) });
  return rows.map((r) => r.categoria).sort(compareEs);
}

/**
 * The categories of published businesses from comercio_categorias (kept by a trigger, migration 0026): each
 * distinct category is found by one step down its primary key (a skip scan written as a recursive query), and kept
 * if a walk of its businesses meets a published one (usually the first). Unnesting every published business's
 * list instead was the largest share of an uncached home page's database time (ADR 056). The walk is ordered by
 * the business id so that the planner reads it from the index rather than scanning the table until a match.
 */
function publishedCategoriasQuery(db: Db) {
  const cc = (column: AnyPgColumn) => qualified('cc', column);
  const next = (after: SQL) =>
    sql`SELECT ${cc(comercioCategorias.categoria)} FROM ${comercioCategorias} AS cc ${after} ORDER BY ${cc(comercioCategorias.categoria)} LIMIT 1`;
  return db.select({ categoria: sql<string>`categoria` }).from(sql`(
      WITH RECURSIVE distintas AS (
        (${next(sql``)})
        UNION ALL
        SELECT (${next(sql`WHERE ${cc(comercioCategorias.categoria)} > distintas.categoria`)})
        FROM distintas WHERE distintas.categoria IS NOT NULL
      )
      SELECT distintas.categoria FROM distintas CROSS JOIN LATERAL (
        SELECT 1 FROM ${comercioCategorias} AS cc JOIN ${comercios} ON ${comercios.id} = ${cc(comercioCategorias.comercioId)}
        WHERE ${cc(comercioCategorias.categoria)} = distintas.categoria AND ${publishedSince(sql.placeholder('since'))}
        ORDER BY ${cc(comercioCategorias.comercioId)} LIMIT 1
      ) AS publicada
    ) AS categorias`);
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
  const statement = preparedOnce(db, 'comercio_detalle', (name) => detalleQuery(db).prepare(name));
  const [row] = await statement.execute({ id, hoy: mendozaDate(now) });
  if (!row) throw notFound('No encontramos este comercio.');
  const publicado = isPublished(row, now);
  const esPropio = viewerId !== null && row.propietarioId === viewerId;
  if (!publicado && !esPropio) throw notFound('No encontramos este comercio.');
  const { promos, distribucion, primeras, ...comercio } = row;
  return {
    ...toComercio(comercio),
    publicado,
    esPropio,
    promociones: publicado ? promos.map(toPromocionJson) : [],
    opinionesResumen: publicado ? toOpinionesResumen(distribucion, primeras) : SIN_OPINIONES,
  };
}

/**
 * A business page's one statement, prepared once (src/server/db/prepared.ts): the business, its visible
 * promotions (soonest expiry first) and its opinions' bars and first page, as JSON columns beside the row. Four
 * statements built by drizzle each time, each parsed and planned by PostgreSQL and each a round trip through the
 * pool, were most of an uncached business page's CPU (ADR 056). The promotions and opinions are read whether or
 * not the business is published (a few index rows): isPublished() decides what the page shows, as before.
 */
function detalleQuery(db: Db) {
  const p = (column: AnyPgColumn) => qualified('p', column);
  return db
    .select({
      ...DETALLE_COLUMNS,
      promos: sql<
        PromocionJson[]
      >`(SELECT coalesce(json_agg(json_build_object(${PROMOCION_JSON}) ORDER BY ${p(promociones.fechaVencimiento)}, ${p(promociones.id)}), '[]'::json)
        FROM ${promociones} AS p
        WHERE ${p(promociones.comercioId)} = ${COMERCIO_ID} AND ${visiblePromotionOn(sql.placeholder('hoy'), 'p')})`,
      ...opinionesResumenColumns(COMERCIO_ID),
    })
    .from(comercios)
    .where(eq(comercios.id, sql.placeholder('id')));
}

/** The outer business's id, for the page statement's subqueries. */
const COMERCIO_ID = qualified('comercios', comercios.id);

/** What a business page reads of the business itself (toComercio, isPublished and the owner's check). */
const DETALLE_COLUMNS = {
  id: comercios.id,
  nombre: comercios.nombre,
  categoria: comercios.categoria,
  descripcion: comercios.descripcion,
  rating: comercios.rating,
  opinionesCount: comercios.opinionesCount,
  imagen: comercios.imagen,
  horario: comercios.horario,
  distancia: comercios.distancia,
  localidad: comercios.localidad,
  destacado: comercios.destacado,
  lat: comercios.lat,
  lng: comercios.lng,
  direccion: comercios.direccion,
  telefono: comercios.telefono,
  email: comercios.email,
  whatsapp: comercios.whatsapp,
  servicios: comercios.servicios,
  galeria: comercios.galeria,
  horarioDetallado: comercios.horarioDetallado,
  pagoStatus: comercios.pagoStatus,
  fechaPago: comercios.fechaPago,
  ocultoMotivo: comercios.ocultoMotivo,
  propietarioId: comercios.propietarioId,
};

/**
 * A promotion's fields as json_build_object's arguments, named and ordered as drizzle's row of it is once
 * toPromocion has taken out what only the server reads (so the answer's bytes do not change).
 */
const PROMOCION_JSON = sql.join(
  (
    [
      ['id', promociones.id],
      ['comercioId', promociones.comercioId],
      ['titulo', promociones.titulo],
      ['descripcion', promociones.descripcion],
      ['descuento', promociones.descuento],
      ['fechaVencimiento', promociones.fechaVencimiento],
      ['imagen', promociones.imagen],
      ['imagen2', promociones.imagen2],
      ['activa', promociones.activa],
      ['desde', promociones.desde],
      ['medioPagoOtro', promociones.medioPagoOtro],
      ['tope', promociones.tope],
      ['compraMinima', promociones.compraMinima],
      ['condiciones', promociones.condiciones],
      ['dias', promociones.dias],
      ['mediosPago', promociones.mediosPago],
    ] as const
  ).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${qualified('p', column)}`),
  sql`, `,
);
