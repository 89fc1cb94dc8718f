import { describe, expect, it } from 'vitest';
import { distanceMeters, MENDOZA_BOUNDS, NEAR_RADIUS_METERS, planeMeters, type LatLng } from '#shared/rules/geo';
import { byDistance, nearestFirst } from './near';

/**
 * nearestFirst + byDistance against a simulated index walk (what comercios_cerca returns: pins in flat-distance
 * order, `limit` of them), compared with the brute-force answer: every pin sorted by real distance.
 */
interface Pin extends LatLng {
  id: number;
}

function walk(center: LatLng, pins: Pin[], limit: number) {
  return [...pins]
    .map((p) => ({ ...p, alcance: planeMeters(center, p) }))
    .sort((a, b) => a.alcance - b.alcance)
    .slice(0, limit);
}

async function nearest(center: LatLng, pins: Pin[], needed: number) {
  const limits: number[] = [];
  const rows = await nearestFirst(needed, async (limit) => {
    limits.push(limit);
    return byDistance(center, walk(center, pins, limit), needed, limit);
  });
  return { ids: rows.map((r) => r.row.id), limits };
}

function bruteForce(center: LatLng, pins: Pin[], needed: number): number[] {
  return pins
    .map((p) => ({ id: p.id, d: distanceMeters(center, p) }))
    .filter((p) => p.d <= NEAR_RADIUS_METERS)
    .sort((a, b) => a.d - b.d || a.id - b.id)
    .slice(0, needed)
    .map((p) => p.id);
}

let seed = 11;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const b = MENDOZA_BOUNDS;
const anywhere = (): LatLng => ({
  lat: b.south + random() * (b.north - b.south),
  lng: b.west + random() * (b.east - b.west),
});

describe('nearestFirst over an index walk', () => {
  it('gives exactly the nearest by real distance, for random cities, visitors and pages', async () => {
    for (let round = 0; round < 40; round++) {
      const center = anywhere();
      const pins = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, ...anywhere() }));
      for (const needed of [1, 13, 27, 120, 301])
        expect((await nearest(center, pins, needed)).ids).toEqual(bruteForce(center, pins, needed));
    }
  });

  it('answers a dense city on the first try', async () => {
    const center = { lat: -32.925, lng: -68.844 };
    const pins = Array.from({ length: 2_000 }, (_, i) => ({
      id: i + 1,
      lat: center.lat + (random() - 0.5) * 0.05,
      lng: center.lng + (random() - 0.5) * 0.05,
    }));
    const { ids, limits } = await nearest(center, pins, 13);
    expect(ids).toEqual(bruteForce(center, pins, 13));
    expect(limits).toHaveLength(1);
  });

  it('asks again when the flat and real orders disagree at the page edge, and stays exact', async () => {
    // At the southern edge a degree of longitude is shorter than the flat map says: pins due east look 0.2%
    // farther than they are. Alternate east and north at radii 10 cm apart, so the two orders interleave.
    const center = { lat: -33.12, lng: -68.84 };
    const pins: Pin[] = Array.from({ length: 60 }, (_, i) => {
      const meters = 800 + i * 0.1;
      return i % 2
        ? { id: i + 1, lat: center.lat + meters / 111_195, lng: center.lng }
        : { id: i + 1, lat: center.lat, lng: center.lng + meters / (111_195 * Math.cos((center.lat * Math.PI) / 180)) };
    });
    const flatOrder = walk(center, pins, pins.length).map((p) => p.id);
    expect(flatOrder).not.toEqual(bruteForce(center, pins, pins.length)); // the case is real
    const { ids, limits } = await nearest(center, pins, 13);
    expect(ids).toEqual(bruteForce(center, pins, 13));
    expect(limits.length).toBeGreaterThan(1);
  });

  it('pages through many pins at one spot in id order', async () => {
    const center = { lat: -32.89, lng: -68.846 };
    const spot = { lat: -32.8905, lng: -68.8462 };
    const pins = Array.from({ length: 100 }, (_, i) => ({ id: 100 - i, ...spot }));
    const { ids } = await nearest(center, pins, 40);
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('leaves out pins beyond the radius, and answers with fewer rows when that is all there is', async () => {
    const center = { lat: -32.76, lng: -68.99 }; // north-west corner: the south-east corner is farther than 25 km
    const far = { id: 1, lat: -33.14, lng: -68.61 };
    const close = { id: 2, lat: -32.761, lng: -68.99 };
    expect((await nearest(center, [far, close], 13)).ids).toEqual([2]);
  });
});
