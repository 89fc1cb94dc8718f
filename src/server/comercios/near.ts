import { sql, type SQL } from 'drizzle-orm';
import { boundingBox, NEAR_RADIUS_METERS, type LatLng } from '#shared/rules/geo';
import { comercios } from '#server/db/schema';

/**
 * "Cerca mío" in SQL (ADR 013): a latitude/longitude box the comercios_ubicacion index can answer, then the
 * exact circle. Businesses without a pin are never inside it.
 */
export function nearWhere(center: LatLng): SQL {
  const box = boundingBox(center, NEAR_RADIUS_METERS);
  return sql`(${comercios.lat} BETWEEN ${box.south}::float8 AND ${box.north}::float8
    AND ${comercios.lng} BETWEEN ${box.west}::float8 AND ${box.east}::float8
    AND ${distanceSql(center)} <= ${NEAR_RADIUS_METERS}::float8)`;
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
