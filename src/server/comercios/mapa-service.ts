import { arrayContains, eq, sql, type SQL } from 'drizzle-orm';
import type { ComercioMapa } from '#shared/api';
import { MAP_PIN_LIMIT } from '#shared/constants';
import { nearOf, type ComercioMapaQuery } from '#shared/schemas/queries';
import type { LatLng } from '#shared/rules/geo';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { distanceSql, nearestFirst } from './near';
import { containsPattern, publishedWhere, visiblePromotionWhere } from './published';

interface PinRow {
  id: number;
  nombre: string;
  categoria: string;
  lat: number | string;
  lng: number | string;
}

/**
 * The results map (ADR 019): the same businesses the grid lists for these filters, with a pin, in the grid's
 * order, as compact rows (id, name, category, pin) instead of pages of cards. Capped at MAP_PIN_LIMIT so a
 * map of the whole city never sends the whole table; `truncated` says there were more.
 */
export async function listComerciosMapa(db: Db, query: ComercioMapaQuery, now: Date): Promise<ComercioMapa> {
  const near = nearOf(query);
  const filters: SQL[] = [publishedWhere(now), sql`${comercios.lat} IS NOT NULL`];
  if (query.categoria) filters.push(arrayContains(comercios.categorias, [query.categoria]));
  if (query.localidad) filters.push(eq(comercios.localidad, query.localidad));
  if (!near) return pins(db, query, filters, now);
  // As the grid: the smallest circle holding more than the cap answers, else the whole radius.
  return nearestFirst(
    near,
    (m) => m.truncated,
    (inCircle) => pins(db, query, [...filters, inCircle], now, near),
  );
}

async function pins(db: Db, query: ComercioMapaQuery, filters: SQL[], now: Date, near?: LatLng): Promise<ComercioMapa> {
  // A search matches the business's own text or one of its visible promotions (as the grid's search): two
  // trigram lookups joined as an id set, never an OR across the two tables.
  const hits = query.q
    ? sql`JOIN (
        SELECT ${comercios.id} AS hit_id FROM ${comercios} WHERE ${comercios.searchText} LIKE ${containsPattern(query.q)}
        UNION
        SELECT ${promociones.comercioId} FROM ${promociones}
        WHERE ${promociones.searchText} LIKE ${containsPattern(query.q)} AND ${visiblePromotionWhere(now)}
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
