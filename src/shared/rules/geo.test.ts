import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  distanceMeters,
  formatDistancia,
  isInsideMendoza,
  LOCALIDAD_CENTROS,
  NEAR_RADIUS_METERS,
  NEAR_STEPS_METERS,
  roundCoord,
} from './geo';

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

describe('boundingBox', () => {
  it('contains every point at the radius in each direction', () => {
    const c = LOCALIDAD_CENTROS.Capital;
    const box = boundingBox(c, 1_000);
    for (const p of [
      { lat: box.north, lng: c.lng },
      { lat: box.south, lng: c.lng },
      { lat: c.lat, lng: box.east },
      { lat: c.lat, lng: box.west },
    ])
      expect(distanceMeters(c, p)).toBeGreaterThanOrEqual(999);
  });
});

describe('NEAR_STEPS_METERS', () => {
  it('grows and ends at the whole near-me radius, so the last step answers whatever the first ones missed', () => {
    expect([...NEAR_STEPS_METERS]).toEqual([...NEAR_STEPS_METERS].sort((a, b) => a - b));
    expect(new Set(NEAR_STEPS_METERS).size).toBe(NEAR_STEPS_METERS.length);
    expect(NEAR_STEPS_METERS.at(-1)).toBe(NEAR_RADIUS_METERS);
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
