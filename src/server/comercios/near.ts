import { sql, type SQL } from 'drizzle-orm';
import { distanceMeters, NEAR_PLANE_ERROR, NEAR_RADIUS_METERS, toPlane, type LatLng } from '#shared/rules/geo';
import { comercios } from '#server/db/schema';
import { planePoint } from '#server/db/plane';

/**
 * "Cerca mío" in SQL (ADR 019, amendment "Nearest by index"). The comercios_cerca GiST index holds each pin on a
 * flat map of the city and walks them nearest first (`ORDER BY pin <-> visitor LIMIT n`), reading only the
 * rows it returns. The flat distance differs from the haversine a card shows by at most NEAR_PLANE_ERROR, so a
 * page is cut from a few more candidates than it shows and checked (nearestFirst): exact, in one statement.
 */
const pin = planePoint(comercios.lat, comercios.lng);

function visitorPoint(center: LatLng): SQL {
  const { x, y } = toPlane(center);
  return sql`point(${x}::float8, ${y}::float8)`;
}

/** Flat distance from the visitor to the business's pin: what the index orders by. */
export function planeDistanceSql(center: LatLng): SQL<number> {
  return sql<number>`(${pin} <-> ${visitorPoint(center)})`;
}

/** planeDistanceSql() in a prepared statement: the visitor's flat point comes as the placeholders x and y. */
export const planeDistanceFromPlaceholders: SQL<number> = sql<number>`(${pin} <-> point(${sql.placeholder('x')}::float8, ${sql.placeholder('y')}::float8))`;

/**
 * The condition of every index walk: the business has a pin (which also lets the planner use the partial
 * index). Deliberately no circle of the radius as an index condition: the planner takes any circle for a tiny
 * part of the table and, with another filter beside it, would read the whole metro area's pins through the
 * index as a bitmap, far slower at scale (ADR 019). The walk stops at its LIMIT anyway; rows
 * beyond the radius are dropped after it (byDistance, or the statement's own distance filter).
 */
export const hasPin: SQL = sql`${comercios.lat} IS NOT NULL`;

/** Within NEAR_RADIUS_METERS of the visitor: a plain filter, for statements that sort all their matches. */
export function nearWhere(center: LatLng): SQL {
  return sql`(${comercios.lat} IS NOT NULL AND ${distanceSql(center)} <= ${NEAR_RADIUS_METERS}::float8)`;
}

/** Metres from `center` (haversine, as distanceMeters() in src/shared computes it). */
export function distanceSql(center: LatLng): SQL {
  const lat = sql`${center.lat}::float8`;
  const lng = sql`${center.lng}::float8`;
  return sql`(2 * 6371000 * asin(least(1, sqrt(
    power(sin(radians(${comercios.lat} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${comercios.lat})) * power(sin(radians(${comercios.lng} - ${lng}) / 2), 2)
  ))))`;
}

/**
 * Rows an index walk may ship to the server for one page (50 pages of the grid). A deeper page sorts every
 * match by distance in SQL instead (one statement, exact by construction, what the whole-radius circle cost):
 * a walk would send every row before the page, which grows without bound on deep pages (ADR 019).
 */
export const NEAR_WALK_MAX_ROWS = 600;

/** What one try of a near-me statement learnt, beside the answer it would give. */
export interface NearTry<T> {
  answer: T;
  /** The index walk ran out before its limit: every business with a pin that matches was seen. */
  exhausted: boolean;
  /** The smallest flat distance a business left out of the walk can have (the farthest candidate's). */
  reach: number;
  /** The real distance of the last row the answer needs (its page plus one), or the radius when it has fewer. */
  horizon: number;
}

/**
 * Runs a near-me statement with the `limit` nearest candidates by the index and keeps its answer once it is
 * provably the answer over all businesses: the walk ran out, or every business left out is farther, even on
 * the globe, than the last row the answer needs. Otherwise (many pins at one spot, say) it asks again for four
 * times as many. The first limit is the `needed` rows (page plus one) and a few more, which in practice
 * answers at once: the flat and real orders differ only among rows within 1% of the same distance.
 */
export async function nearestFirst<T>(needed: number, run: (limit: number) => Promise<NearTry<T>>): Promise<T> {
  for (let limit = needed + Math.ceil(needed / 16) + 8; ; limit *= 4) {
    const found = await run(limit);
    if (found.exhausted || found.reach * (1 - NEAR_PLANE_ERROR) > found.horizon) return found.answer;
  }
}

/**
 * A candidate row of an index walk: its pin, its flat distance (`alcance`, planeDistanceSql) and, when one
 * statement walks twice (a search's business text and its promotions), which walk (`rama`) it came from.
 */
export interface NearRow {
  id: number;
  lat: number | string | null;
  lng: number | string | null;
  alcance: number | string;
  rama?: number;
}

/** A candidate kept by byDistance, with its real distance beside it (the driver's row is left as it came). */
export interface Placed<R> {
  row: R;
  distanciaMetros: number;
}

/**
 * The candidates of the index walks of one statement, each walk limited to `limit` rows, in real distance
 * order (haversine, then id, so pages are stable), without those beyond the radius, as a NearTry whose answer
 * is the first `needed` of them.
 */
export function byDistance<R extends NearRow>(
  center: LatLng,
  rows: R[],
  needed: number,
  limit: number,
): NearTry<Array<Placed<R>>> {
  const walks = new Map<number, { count: number; reach: number }>();
  const placed: Array<Placed<R>> = [];
  for (const row of rows) {
    const walk = walks.get(row.rama ?? 0) ?? { count: 0, reach: 0 };
    walk.count++;
    walk.reach = Math.max(walk.reach, Number(row.alcance));
    walks.set(row.rama ?? 0, walk);
    const distanciaMetros = distanceMeters(center, { lat: Number(row.lat), lng: Number(row.lng) });
    if (distanciaMetros <= NEAR_RADIUS_METERS) placed.push({ row, distanciaMetros });
  }
  placed.sort((a, b) => a.distanciaMetros - b.distanciaMetros || Number(a.row.id) - Number(b.row.id));
  // A walk that stopped at its limit bounds what it left out; one that ran out left nothing out.
  const stopped = [...walks.values()].filter((w) => w.count >= limit);
  return {
    answer: placed.slice(0, needed),
    exhausted: stopped.length === 0,
    reach: Math.min(...stopped.map((w) => w.reach)),
    horizon: placed.length >= needed ? placed[needed - 1]!.distanciaMetros : NEAR_RADIUS_METERS,
  };
}
