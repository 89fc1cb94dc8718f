import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  isInsideMendoza,
  LOCALIDAD_CENTROS,
  MENDOZA_BOUNDS,
  NEAR_PLANE_ERROR,
  planeMeters,
  roundCoord,
} from './geo';
import { formatDistancia } from './distancia';

describe('isInsideMendoza', () => {
  it('accepts the three localities and refuses points outside Greater Mendoza', () => {
    for (const centro of Object.values(LOCALIDAD_CENTROS)) expect(isInsideMendoza(centro)).toBe(true);
    expect(isInsideMendoza({ lat: -34.6037, lng: -58.3816 })).toBe(false); // Buenos Aires
    expect(isInsideMendoza({ lat: -32.92, lng: -69.5 })).toBe(false); // Uspallata road, too far west
    expect(isInsideMendoza({ lat: 32.92, lng: 68.84 })).toBe(false); // signs swapped
    expect(isInsideMendoza({ lat: 0, lng: 0 })).toBe(false);
  });
});

describe('distanceMeters', () => {
  it('is zero for one point and symmetric', () => {
    const gc = LOCALIDAD_CENTROS['Godoy Cruz'];
    const cap = LOCALIDAD_CENTROS.Capital;
    expect(distanceMeters(gc, gc)).toBe(0);
    expect(distanceMeters(gc, cap)).toBeCloseTo(distanceMeters(cap, gc), 6);
  });
  it('measures Godoy Cruz to Capital centres at about 4 km', () => {
    const d = distanceMeters(LOCALIDAD_CENTROS['Godoy Cruz'], LOCALIDAD_CENTROS.Capital);
    expect(d).toBeGreaterThan(3_900);
    expect(d).toBeLessThan(4_100);
  });
  it('measures one thousandth of a degree of latitude at about 111 m', () => {
    expect(distanceMeters({ lat: -32.9, lng: -68.8 }, { lat: -32.901, lng: -68.8 })).toBeCloseTo(111.2, 0);
  });
});

describe('planeMeters', () => {
  // The near-me query's proof of exactness rests on this bound (ADR 019, "Nearest by index").
  it('stays within NEAR_PLANE_ERROR of distanceMeters for any two points of Greater Mendoza', () => {
    const b = MENDOZA_BOUNDS;
    const corners = [
      { lat: b.north, lng: b.west },
      { lat: b.north, lng: b.east },
      { lat: b.south, lng: b.west },
      { lat: b.south, lng: b.east },
    ];
    // A fixed pseudo-random walk (no flaky seeds): points spread over the whole box, plus its corners.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = [
      ...corners,
      ...Array.from({ length: 400 }, () => ({
        lat: b.south + next() * (b.north - b.south),
        lng: b.west + next() * (b.east - b.west),
      })),
    ];
    let worst = 0;
    for (const a of points)
      for (const p of points) {
        const flat = planeMeters(a, p);
        if (flat > 0) worst = Math.max(worst, Math.abs(distanceMeters(a, p) / flat - 1));
      }
    expect(worst).toBeGreaterThan(0.001); // the sample reaches the edges, where the error is largest
    expect(worst).toBeLessThan(NEAR_PLANE_ERROR / 2);
  });
});

describe('roundCoord', () => {
  it('keeps three decimals', () => {
    expect(roundCoord(-32.92544)).toBe(-32.925);
    expect(roundCoord(-68.84459)).toBe(-68.845);
  });
});

describe('formatDistancia', () => {
  it('says metres under a kilometre, rounded to tens', () => {
    expect(formatDistancia(347)).toBe('a 350 m');
    expect(formatDistancia(0)).toBe('a 10 m');
    expect(formatDistancia(994)).toBe('a 990 m');
  });
  it('says kilometres with one decimal comma, whole from 10 km', () => {
    expect(formatDistancia(995)).toBe('a 1,0 km');
    expect(formatDistancia(2_280)).toBe('a 2,3 km');
    expect(formatDistancia(9_949)).toBe('a 9,9 km');
    expect(formatDistancia(12_400)).toBe('a 12 km');
  });
});
