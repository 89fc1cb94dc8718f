import { and, arrayContains, eq, sql, type SQL } from 'drizzle-orm';
import type { ComercioMapa } from '#shared/api';
import { MAP_PIN_LIMIT } from '#shared/constants';
import { nearOf, type ComercioMapaQuery } from '#shared/schemas/queries';
import type { LatLng } from '#shared/rules/geo';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { byDistance, distanceSql, hasPin, nearestFirst, nearWhere, planeDistanceSql } from './near';
import { searchTerms, wantsOpenNow } from '#shared/busqueda';
import { PROMO_CANDIDATES, termsWhere } from './busqueda';
import { publishedWhere, visiblePromotionWhere } from './published';
import { abiertoWhere } from './abierto';

interface PinRow {
  id: number;
  nombre: string;
  categoria: string;
  lat: number | string | null;
  lng: number | string | null;
}

/**
 * The results map (ADR 019): the same businesses the grid lists for these filters, with a pin, in the grid's
 * order, as compact rows (id, name, category, pin) instead of pages of cards. Capped at MAP_PIN_LIMIT so a
 * map of the whole city never sends the whole table; `truncated` says there were more.
 */
export async function listComerciosMapa(db: Db, query: ComercioMapaQuery, now: Date): Promise<ComercioMapa> {
  const near = nearOf(query);
  const filters: SQL[] = [publishedWhere(now), hasPin];
  if (query.categoria) filters.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) filters.push(eq(comercios.localidad, query.localidad));
  if (wantsOpenNow(query)) filters.push(abiertoWhere(now));
  if (!near) return pins(db, query, filters, now);
  // A search sorts its own matches by distance (as the grid's); otherwise the index walks pins nearest first.
  if (query.q) return pins(db, query, [...filters, nearWhere(near)], now, near);
  const needed = MAP_PIN_LIMIT + 1;
  const rows = await nearestFirst(needed, async (limit) =>
    byDistance(
      near,
      await db
        .select({
          id: comercios.id,
          nombre: comercios.nombre,
          categoria: comercios.categoria,
          lat: comercios.lat,
          lng: comercios.lng,
          alcance: planeDistanceSql(near),
        })
        .from(comercios)
        .where(and(...filters))
        .orderBy(planeDistanceSql(near))
        .limit(limit),
      needed,
      limit,
    ),
  );
  return toMapa(rows.map((p) => p.row));
}

async function pins(db: Db, query: ComercioMapaQuery, filters: SQL[], now: Date, near?: LatLng): Promise<ComercioMapa> {
  // A search matches the business's own text or one of its visible promotions (as the grid's search): two
  // trigram lookups joined as an id set, never an OR across the two tables.
  // Every word found as the grid's search finds it (ADR 040): in the business's own text, or all in one visible
  // promotion, of which at most PROMO_CANDIDATES are read. No typo forgiveness here: the map shows the grid's
  // matching businesses.
  const terms = query.q ? searchTerms(query.q) : [];
  if (query.q && terms.length === 0) return toMapa([]);
  const hits = terms.length
    ? sql`JOIN (
        SELECT ${comercios.id} AS hit_id FROM ${comercios} WHERE ${termsWhere(comercios.searchText, terms)}
        UNION
        (SELECT ${promociones.comercioId} FROM ${promociones}
        WHERE ${termsWhere(promociones.searchText, terms)} AND ${visiblePromotionWhere(now)}
        LIMIT ${PROMO_CANDIDATES})
      ) AS hits ON hits.hit_id = ${comercios.id}`
    : sql``;
  const order = near
    ? sql`${distanceSql(near)}, ${comercios.id}`
    : sql`${comercios.destacado} DESC, ${comercios.sortName}, ${comercios.id}`;
  const rows = await queryRows<PinRow>(
    db,
    sql`SELECT ${comercios.id} AS id, ${comercios.nombre} AS nombre, ${comercios.categoria} AS categoria,
          ${comercios.lat} AS lat, ${comercios.lng} AS lng
        FROM ${comercios} ${hits}
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY ${order}
        LIMIT ${MAP_PIN_LIMIT + 1}`,
  );
  return toMapa(rows);
}

function toMapa(rows: PinRow[]): ComercioMapa {
  return {
    items: rows.slice(0, MAP_PIN_LIMIT).map((r) => ({
      id: Number(r.id),
      nombre: r.nombre,
      categoria: r.categoria,
      lat: Number(r.lat),
      lng: Number(r.lng),
    })),
    truncated: rows.length > MAP_PIN_LIMIT,
  };
}
