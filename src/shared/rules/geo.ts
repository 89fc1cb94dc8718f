import type { Localidad } from '#shared/constants';

/** A point in decimal degrees (WGS 84), as the browser's geolocation and map tiles give it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Greater Mendoza, generously: Las Heras in the north to Luján and Maipú in the south, the foothills in the
 * west to Guaymallén's eastern districts. A point outside is a typo or a visitor far away, not a business here.
 */
export const MENDOZA_BOUNDS = { south: -33.15, north: -32.75, west: -69.0, east: -68.6 } as const;

/** Where the map starts when the owner has not placed a pin yet: each locality's civic centre. */
export const LOCALIDAD_CENTROS: Record<Localidad, LatLng> = {
  'Godoy Cruz': { lat: -32.9254, lng: -68.8441 },
  Capital: { lat: -32.8894, lng: -68.8458 },
  Guaymallen: { lat: -32.8993, lng: -68.7938 },
};

/** "Cerca mío" lists businesses within this distance of the visitor (the whole metro area fits inside). */
export const NEAR_RADIUS_METERS = 25_000;

/**
 * The radii the near-me query tries in turn (ADR 019): a page is answered from the smallest circle that holds
 * it (plus one more row, which proves nothing outside can come before), so in a dense city only a few blocks'
 * rows are read and sorted; a sparse one widens to the whole radius.
 */
export const NEAR_STEPS_METERS = [250, 1_000, 5_000, NEAR_RADIUS_METERS] as const;

const EARTH_RADIUS_METERS = 6_371_000;
const METERS_PER_DEGREE_LAT = (EARTH_RADIUS_METERS * Math.PI) / 180;

export function isInsideMendoza(point: LatLng): boolean {
  const b = MENDOZA_BOUNDS;
  return point.lat >= b.south && point.lat <= b.north && point.lng >= b.west && point.lng <= b.east;
}

/** Great-circle distance in metres (haversine); the SQL in the server computes the same formula. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box that contains every point within `meters` of `center`: the indexed prefilter
 * of the near-me query (it is slightly larger than the circle, never smaller).
 */
export function boundingBox(center: LatLng, meters: number) {
  const dLat = meters / METERS_PER_DEGREE_LAT;
  const dLng = meters / (METERS_PER_DEGREE_LAT * Math.cos((center.lat * Math.PI) / 180));
  return { south: center.lat - dLat, north: center.lat + dLat, west: center.lng - dLng, east: center.lng + dLng };
}

/**
 * The visitor's position as the API and its caches see it: 3 decimals (about 100 m). Enough for "a 350 m",
 * not a precise trace of where someone stands, and one URL for everyone on the same block.
 */
export function roundCoord(value: number): number {
  return Math.round(value * 1000) / 1000;
}

const kmFormat = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeKmFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/** 347 → "a 350 m", 2280 → "a 2,3 km", 12400 → "a 12 km". */
export function formatDistancia(meters: number): string {
  const m = Math.max(0, meters);
  if (m < 995) return `a ${Math.max(10, Math.round(m / 10) * 10)} m`;
  if (m < 9_950) return `a ${kmFormat.format(m / 1000)} km`;
  return `a ${wholeKmFormat.format(m / 1000)} km`;
}
