import { sql, type SQL } from 'drizzle-orm';
import { boundingBox, NEAR_RADIUS_METERS, NEAR_STEPS_METERS, type LatLng } from '#shared/rules/geo';
import { comercios } from '#server/db/schema';

/**
 * "Cerca mío" in SQL (ADR 019): a latitude/longitude box the comercios_ubicacion index can answer, then the
 * exact circle. Businesses without a pin are never inside it.
 */
export function nearWhere(center: LatLng, meters: number = NEAR_RADIUS_METERS): SQL {
  const box = boundingBox(center, meters);
  return sql`(${comercios.lat} BETWEEN ${box.south}::float8 AND ${box.north}::float8
    AND ${comercios.lng} BETWEEN ${box.west}::float8 AND ${box.east}::float8
    AND ${distanceSql(center)} <= ${meters}::float8)`;
}

/**
 * Runs a nearest-first query in growing circles (NEAR_STEPS_METERS) and keeps the first answer that is
 * `complete`: one that found more rows than it shows (its page plus one), so no business outside that circle
 * could belong before them. The last step is the whole radius and is always kept.
 */
export async function nearestFirst<T>(
  center: LatLng,
  complete: (answer: T) => boolean,
  run: (near: SQL) => Promise<T>,
): Promise<T> {
  for (const meters of NEAR_STEPS_METERS.slice(0, -1)) {
    const answer = await run(nearWhere(center, meters));
    if (complete(answer)) return answer;
  }
  return run(nearWhere(center, NEAR_RADIUS_METERS));
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
