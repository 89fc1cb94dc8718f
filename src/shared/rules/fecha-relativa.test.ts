import { describe, expect, it } from 'vitest';
import { fechaRelativa } from './fecha-relativa';

// Mendoza is UTC−3 all year: 2026-11-27T12:00-03:00 is 15:00 UTC.
const now = new Date('2026-11-27T15:00:00Z');
const mendoza = (local: string) => new Date(`${local}-03:00`);

describe('fechaRelativa (Mendoza calendar days)', () => {
  it('reads today, yesterday and days', () => {
    expect(fechaRelativa(mendoza('2026-11-27T00:05:00'), now)).toBe('hoy');
    expect(fechaRelativa(mendoza('2026-11-26T23:50:00'), now)).toBe('ayer');
    expect(fechaRelativa(mendoza('2026-11-25T10:00:00'), now)).toBe('hace 2 días');
    expect(fechaRelativa(mendoza('2026-11-21T10:00:00'), now)).toBe('hace 6 días');
  });

  it('reads weeks, months and years, singular and plural', () => {
    expect(fechaRelativa(mendoza('2026-11-20T10:00:00'), now)).toBe('hace 1 semana');
    expect(fechaRelativa(mendoza('2026-11-06T10:00:00'), now)).toBe('hace 3 semanas');
    expect(fechaRelativa(mendoza('2026-10-28T10:00:00'), now)).toBe('hace 1 mes');
    expect(fechaRelativa(mendoza('2026-05-27T10:00:00'), now)).toBe('hace 6 meses');
    expect(fechaRelativa(mendoza('2025-11-27T10:00:00'), now)).toBe('hace 1 año');
    expect(fechaRelativa(mendoza('2023-01-01T10:00:00'), now)).toBe('hace 3 años');
  });

  it('counts in Mendoza, not UTC: 23:30 there is already the next day in UTC', () => {
    const justAfterMidnight = new Date('2026-11-27T03:10:00Z'); // 00:10 in Mendoza
    const lateEvening = '2026-11-27T02:30:00Z'; // 23:30 of the 26th in Mendoza, the 27th in UTC
    expect(fechaRelativa(lateEvening, justAfterMidnight)).toBe('ayer');
  });

  it('reads a date slightly ahead of the clock as today', () => {
    expect(fechaRelativa(new Date(now.getTime() + 60_000), now)).toBe('hoy');
  });
});
