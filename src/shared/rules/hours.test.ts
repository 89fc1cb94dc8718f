import { describe, expect, it } from 'vitest';
import { DIAS } from '../constants';
import { isOpenNow, mendozaClock, parseHours } from './hours';

const week = (text: string) => Object.fromEntries(DIAS.map((d) => [d, text]));

describe('hours', () => {
  it('parses the ways owners write hours', () => {
    expect(parseHours('9:00 - 13:00, 17:00 - 21:00')).toEqual({ kind: 'ranges', ranges: [{ start: 540, end: 780 }, { start: 1020, end: 1260 }] });
    expect(parseHours('8 a 20 hs')).toEqual({ kind: 'ranges', ranges: [{ start: 480, end: 1200 }] });
    expect(parseHours('09.30 – 18.00')).toEqual({ kind: 'ranges', ranges: [{ start: 570, end: 1080 }] });
    expect(parseHours('Cerrado')).toEqual({ kind: 'closed' });
    expect(parseHours('Abierto 24 horas')).toEqual({ kind: 'always' });
    expect(parseHours('Consultar horarios')).toEqual({ kind: 'unknown' });
    expect(parseHours('')).toEqual({ kind: 'unknown' });
    expect(parseHours('25:00 - 26:00')).toEqual({ kind: 'unknown' });
  });

  it('reads the Mendoza clock', () => {
    // Monday 23 November 2026, 00:30 UTC = Sunday 22nd, 21:30 in Mendoza.
    expect(mendozaClock(new Date('2026-11-23T00:30:00Z'))).toMatchObject({ dia: 'Domingo', minutes: 21 * 60 + 30 });
  });

  it('knows whether a business is open now', () => {
    const hours = week('9:00 - 13:00, 17:00 - 21:00');
    expect(isOpenNow(hours, new Date('2026-11-23T13:00:00Z'))).toBe(true); // Mon 10:00
    expect(isOpenNow(hours, new Date('2026-11-23T17:00:00Z'))).toBe(false); // Mon 14:00
    expect(isOpenNow(hours, new Date('2026-11-24T00:00:00Z'))).toBe(false); // Mon 21:00, closing time
    expect(isOpenNow({ ...hours, Lunes: 'Cerrado' }, new Date('2026-11-23T13:00:00Z'))).toBe(false);
    expect(isOpenNow(week('Consultar'), new Date('2026-11-23T13:00:00Z'))).toBeNull();
    expect(isOpenNow(null, new Date())).toBeNull();
  });

  it('keeps a late-night business open past midnight', () => {
    const hours = { ...week('Cerrado'), Sábado: '20:00 - 02:00' };
    expect(isOpenNow(hours, new Date('2026-11-29T04:30:00Z'))).toBe(true); // Sun 01:30
    expect(isOpenNow(hours, new Date('2026-11-29T05:30:00Z'))).toBe(false); // Sun 02:30
    expect(isOpenNow(hours, new Date('2026-11-28T23:30:00Z'))).toBe(true); // Sat 20:30
  });
});
