import { describe, expect, it } from 'vitest';
import { daysUntil, formatLongDay, mendozaClock, mendozaDate } from './dates';
import { formatLongInstant, isValidDateString } from './dates-owner';

describe('dates in Mendoza time', () => {
  it('takes the calendar date Mendoza sees, not UTC', () => {
    expect(mendozaDate(new Date('2026-11-23T02:59:00Z'))).toBe('2026-11-22');
    expect(mendozaDate(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });

  it('counts whole calendar days to a date', () => {
    const now = new Date('2026-11-22T23:00:00Z'); // 20:00 on the 22nd in Mendoza
    expect(daysUntil('2026-11-22', now)).toBe(0);
    expect(daysUntil('2026-11-23', now)).toBe(1);
    expect(daysUntil('2026-11-21', now)).toBe(-1);
    expect(daysUntil('2026-12-22', now)).toBe(30);
  });

  it('writes long Spanish dates', () => {
    expect(formatLongDay('2026-12-05')).toBe('5 de diciembre de 2026');
    expect(formatLongInstant(new Date('2026-12-05T02:00:00Z'))).toBe('4 de diciembre de 2026');
  });

  it('validates calendar dates', () => {
    expect(isValidDateString('2026-02-28')).toBe(true);
    expect(isValidDateString('2026-02-30')).toBe(false);
    expect(isValidDateString('28/02/2026')).toBe(false);
  });
});

describe('mendozaClock', () => {
  it('reads the Mendoza clock', () => {
    // Monday 23 November 2026, 00:30 UTC = Sunday 22nd, 21:30 in Mendoza.
    expect(mendozaClock(new Date('2026-11-23T00:30:00Z'))).toMatchObject({
      dia: 'Domingo',
      minutes: 21 * 60 + 30,
      index: 6,
    });
    expect(mendozaClock(new Date('2026-11-23T13:05:00Z'))).toMatchObject({
      dia: 'Lunes',
      minutes: 10 * 60 + 5,
      index: 0,
    });
  });
});
