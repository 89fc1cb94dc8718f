import { and, arrayContains, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Page, PromocionCard } from '#shared/api';
import { FEATURED_PROMO_LIMIT, PROMO_PAGE_SIZE } from '#shared/constants';
import { nearOf, type FeaturedPromocionQuery, type PromocionListQuery } from '#shared/schemas/queries';
import { NEAR_RADIUS_METERS } from '#shared/rules/geo';
import { DIA_PARAMS } from '#shared/rules/dias-url';
import { searchWords } from '#shared/busqueda';
import { compareEs } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { toPromocion } from '#server/comercios/mapper';
import { termsWhere } from '#server/comercios/busqueda';
import { distanceSql, hasPin, nearestFirst, planeDistanceSql } from '#server/comercios/near';
import {
  hoyOn,
  hoyWhere,
  notHoyWhere,
  publicationSince,
  publishedSince,
  publishedWhere,
  visiblePromotionOn,
  visiblePromotionWhere,
} from '#server/comercios/published';
import { preparedOnce } from '#server/db/prepared';
import { mendozaDate } from '#shared/rules/dates';
import { todayMask } from '#shared/rules/promocion-dias';

/** What a promotion card needs: the promotion, its business's card fields and, with "Cerca mío", the distance. */
const promoCardColumns = (distance: SQL) => ({
  promo: promociones,
  comercio: {
    id: comercios.id,
    nombre: comercios.nombre,
    categoria: comercios.categoria,
    imagen: comercios.imagen,
  },
  distancia_metros: sql<number | null>`${distance}`,
});

/**
 * Promotions visible now (their business published), with the card fields of their business (and its distance
 * from the visitor when "Cerca mío" gives one).
 */
export function selectVisiblePromociones(db: Db, now: Date, extra: SQL[] = [], distance: SQL = sql`NULL::float8`) {
  return db
    .select({
      ...promoCardColumns(distance),
    })
    .from(promociones)
    .innerJoin(comercios, eq(promociones.comercioId, comercios.id))
    .where(and(visiblePromotionWhere(now), publishedWhere(now), ...extra));
}

type Row = Awaited<ReturnType<typeof selectVisiblePromociones>>[number];
const toCard = (r: Row): PromocionCard => ({ ...toPromocion(r.promo), comercio: r.comercio });

/**
 * The statement of one page of the list (one more row than a page: is there a next one?). The benchmark
 * explains it.
 */
export function promocionesPageQuery(db: Db, query: PromocionListQuery, now: Date) {
  const extra = [...comercioFilters(query), ...promocionFilters(query)];
  if (query.hoy) extra.push(hoyWhere(now));
  return selectVisiblePromociones(db, now, extra)
    .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(PROMO_PAGE_SIZE + 1)
    .offset((query.page - 1) * PROMO_PAGE_SIZE);
}

/**
 * Visible promotions, soonest expiry first, a page at a time. With the visitor's position ("Cerca mío"):
 * only promotions of businesses with a pin within reach, their business nearest first (then soonest expiry),
 * each with that distance (ADR 019).
 */
export async function listVisiblePromociones(
  db: Db,
  query: PromocionListQuery,
  now: Date,
): Promise<Page<PromocionCard>> {
  const center = nearOf(query);
  if (!center) return toPage(query, await promocionesPageQuery(db, query, now));
  const skip = (query.page - 1) * PROMO_PAGE_SIZE;
  const promoWhere = and(visiblePromotionWhere(now), query.hoy ? hoyWhere(now) : undefined, ...promocionFilters(query));
  return nearestFirst(skip + PROMO_PAGE_SIZE + 1, async (limit) => {
    // The `limit` nearest businesses (by the comercios_cerca index walk) with a promotion to show, each with
    // its flat distance; every one of their promotions then competes for the page by real distance.
    const candidates = db
      .select({ id: comercios.id, alcance: sql<number>`${planeDistanceSql(center)}`.as('alcance') })
      .from(comercios)
      .where(
        and(
          publishedWhere(now),
          ...comercioFilters(query),
          hasPin,
          exists(
            db
              .select({ one: sql`1` })
              .from(promociones)
              .where(and(eq(promociones.comercioId, comercios.id), promoWhere)),
          ),
        ),
      )
      .orderBy(planeDistanceSql(center))
      .limit(limit);
    const cerca = db.$with('cerca').as(candidates);
    const distance = distanceSql(center);
    const rows = await db
      .with(cerca)
      .select({
        ...promoCardColumns(distance),
        candidatos: sql<number>`(SELECT count(*) FROM cerca)`.mapWith(Number),
        alcance: sql<number>`(SELECT max(alcance) FROM cerca)`.mapWith(Number),
      })
      .from(cerca)
      .innerJoin(comercios, eq(comercios.id, cerca.id))
      .innerJoin(promociones, eq(promociones.comercioId, comercios.id))
      .where(and(promoWhere, sql`${distance} <= ${NEAR_RADIUS_METERS}::float8`))
      .orderBy(asc(distance), asc(promociones.fechaVencimiento), asc(promociones.id))
      .limit(PROMO_PAGE_SIZE + 1)
      .offset(skip);
    const answer = toPage(query, rows);
    const last = rows[PROMO_PAGE_SIZE];
    if (rows[0]) {
      const { candidatos, alcance } = rows[0];
      const horizon = last ? Number(last.distancia_metros) : NEAR_RADIUS_METERS;
      return { answer, exhausted: candidatos < limit, reach: alcance, horizon };
    }
    // An empty page (none near, or a page past the end) carries no counts: ask the walk alone.
    const walk = candidates.as('walk');
    const [summary] = await db
      .select({
        candidates: sql<number>`count(*)`.mapWith(Number),
        reach: sql<number>`coalesce(max(${walk.alcance}), 0)`.mapWith(Number),
      })
      .from(walk);
    return {
      answer,
      exhausted: (summary?.candidates ?? 0) < limit,
      reach: summary?.reach ?? 0,
      horizon: NEAR_RADIUS_METERS,
    };
  });
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
 * Promociones' "Medio de pago" and "Día", as conditions on the promotion (ADR 043). A means of payment matches
 * the promotions that name it (`medios_pago @> {modo}`): one that names none is not asked of as taking it. A
 * weekday matches the promotions whose days include it, written as the literal bit test of the per-weekday
 * partial indexes (promociones_hoy_N), so the filtered list walks the index of that day as "Hoy" does.
 */
function promocionFilters(query: Pick<PromocionListQuery, 'pago' | 'banco' | 'dia'>): SQL[] {
  const where: SQL[] = [];
  if (query.pago) where.push(arrayContains(promociones.mediosPago, [query.pago]));
  if (query.banco) where.push(bancoWhere(query.banco));
  if (query.dia) {
    const bit = 1 << DIA_PARAMS.indexOf(query.dia);
    where.push(sql`(${promociones.dias} & ${sql.raw(String(bit))}) <> 0`);
  }
  return where;
}

/**
 * "Banco o tarjeta" (ADR 047): each typed word found in the promotion's folded bank/card text, in any order. The
 * same expression as the trigram index promociones_medio_pago_otro_trgm, so a rare bank (or one nobody names) is
 * looked up there, while a common one is checked along the list's own index walk. The index is not partial: a
 * partial index gets no statistics of its expression, and the planner then took every bank for rare.
 */
export function bancoWhere(banco: string): SQL {
  // Punctuation alone ("...") has no words: then the text itself is the one word.
  const found = searchWords(banco);
  const words = (found.length ? found : [banco]).map((w) => [w]);
  return sql`${promociones.medioPagoOtro} <> '' AND ${termsWhere(sql`vidriera_fold(${promociones.medioPagoOtro})`, words)}`;
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
  const steps: Array<{ day: SQL; hoy: boolean; destacado: boolean }> = [
    { day: hoyWhere(now), hoy: true, destacado: true },
    { day: hoyWhere(now), hoy: true, destacado: false },
    // Home's "Hoy" toggle: only today's, so the last two steps never run.
    ...(filters.hoy
      ? []
      : [
          { day: notHoyWhere(now), hoy: false, destacado: true },
          { day: notHoyWhere(now), hoy: false, destacado: false },
        ]),
  ];
  const items: Row[] = [];
  for (const [i, { day, hoy, destacado }] of steps.entries()) {
    const limit = FEATURED_PROMO_LIMIT - items.length;
    const rows = destacado
      ? await featuredBusinessesPromociones(db, now, hoy, filters, limit)
      : await selectVisiblePromociones(db, now, [day, eq(comercios.destacado, false), ...where])
          .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
          .limit(limit);
    items.push(...rows);
    if (items.length === FEATURED_PROMO_LIMIT) return { items: items.map(toCard), onlyFeatured: i === 0 };
  }
  return { items: items.map(toCard), onlyFeatured: false };
}

/**
 * A step of the strip among featured businesses only: those (few: featuring is paid) are read first, behind an
 * OFFSET fence, and their visible promotions of the step's day are sorted. Walking every visible promotion of the
 * day in expiry order instead, checking each one's business, read hundreds of promotions of businesses not
 * featured before finding a strip's worth (ADR 056). Prepared once per day of the week, step and filters
 * (src/server/db/prepared.ts): the weekday bit is a literal, as the per-weekday indexes need.
 */
function featuredBusinessesPromociones(
  db: Db,
  now: Date,
  hoy: boolean,
  filters: Partial<FeaturedPromocionQuery>,
  limit: number,
): Promise<Row[]> {
  const mask = todayMask(now);
  const shape = { hoy, categoria: !!filters.categoria, localidad: !!filters.localidad };
  const statement = preparedOnce(
    db,
    `destacadas_${mask}_${Number(shape.hoy)}${Number(shape.categoria)}${Number(shape.localidad)}`,
    (name) => featuredBusinessesQuery(db, mask, shape).prepare(name),
  );
  return statement.execute({
    since: publicationSince(now),
    hoy: mendozaDate(now),
    categoria: filters.categoria,
    localidad: filters.localidad,
    fence: 0,
    limit,
  });
}

function featuredBusinessesQuery(
  db: Db,
  mask: number,
  shape: { hoy: boolean; categoria: boolean; localidad: boolean },
) {
  const day = hoyOn(mask, sql.placeholder('hoy'));
  const destacados = db
    .select({ id: comercios.id, nombre: comercios.nombre, categoria: comercios.categoria, imagen: comercios.imagen })
    .from(comercios)
    .where(
      and(
        eq(comercios.destacado, true),
        publishedSince(sql.placeholder('since')),
        shape.categoria ? sql`${comercios.categorias} @> ARRAY[${sql.placeholder('categoria')}]::text[]` : undefined,
        shape.localidad ? eq(comercios.localidad, sql.placeholder('localidad')) : undefined,
      ),
    )
    .offset(sql.placeholder('fence'))
    .as('destacados');
  return db
    .select({
      promo: promociones,
      comercio: {
        id: destacados.id,
        nombre: destacados.nombre,
        categoria: destacados.categoria,
        imagen: destacados.imagen,
      },
      distancia_metros: sql<number | null>`NULL::float8`,
    })
    .from(promociones)
    .innerJoin(destacados, eq(promociones.comercioId, destacados.id))
    .where(and(visiblePromotionOn(sql.placeholder('hoy')), shape.hoy ? day : sql`NOT ${day}`))
    .orderBy(asc(promociones.fechaVencimiento), asc(promociones.id))
    .limit(sql.placeholder('limit'));
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
