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

const EARTH_RADIUS_METERS = 6_371_000;

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
 * The flat map "Cerca mío" searches on (ADR 019, amendment "Nearest by index"): x is the longitude times the
 * metres of a degree of longitude at Greater Mendoza's middle latitude (32.95° S), y the latitude times the metres
 * of a degree of latitude. The database indexes each business's pin on it (comercios_cerca, a GiST index that
 * walks pins nearest first); the distance a card shows is still distanceMeters().
 */
export const NEAR_PLANE = { x: 93_308.73, y: 111_194.93 } as const;

/**
 * For two points in MENDOZA_BOUNDS, distanceMeters() is within this fraction of the flat distance (±0.23% at
 * worst: a degree of longitude is that much longer at the area's north edge, and shorter at its south edge,
 * than at its middle; geo.test.ts samples the bounds). The near-me query relies on it to know when the nearest pins on the plane hold the
 * nearest businesses on the globe.
 */
export const NEAR_PLANE_ERROR = 0.005;

export function toPlane(point: LatLng): { x: number; y: number } {
  return { x: point.lng * NEAR_PLANE.x, y: point.lat * NEAR_PLANE.y };
}

/** Distance in metres on the flat map (what the index orders by). */
export function planeMeters(a: LatLng, b: LatLng): number {
  return Math.hypot((a.lng - b.lng) * NEAR_PLANE.x, (a.lat - b.lat) * NEAR_PLANE.y);
}

/**
 * The visitor's position as the API and its caches see it: 3 decimals (about 100 m). Enough for "a 350 m",
 * not a precise trace of where someone stands, and one URL for everyone on the same block.
 */
export function roundCoord(value: number): number {
  return Math.round(value * 1000) / 1000;
}
