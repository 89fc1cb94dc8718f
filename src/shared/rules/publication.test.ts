import { describe, expect, it } from 'vitest';
import { daysLeftText, isPublished, publicationState } from './publication';

describe('publication rule', () => {
  const paidAt = new Date('2026-11-01T13:00:00Z'); // 10:00 in Mendoza

  it('is unpublished when never paid', () => {
    expect(publicationState({ pagoStatus: false, fechaPago: null }, paidAt)).toEqual({ kind: 'unpaid' });
    expect(publicationState({ pagoStatus: true, fechaPago: null }, paidAt)).toEqual({ kind: 'unpaid' });
    expect(isPublished({ pagoStatus: false, fechaPago: paidAt }, paidAt)).toBe(false);
  });

  it('is published for 30 full days, up to the millisecond, in Mendoza time', () => {
    const paidUntil = new Date('2026-12-01T13:00:00Z');
    expect(publicationState({ pagoStatus: true, fechaPago: paidAt }, paidAt)).toEqual({ kind: 'active', paidUntil });
    // 1 December 09:59:59.999 in Mendoza: still day 29 and a bit.
    expect(isPublished({ pagoStatus: true, fechaPago: paidAt }, new Date(paidUntil.getTime() - 1))).toBe(true);
    expect(publicationState({ pagoStatus: true, fechaPago: paidAt }, paidUntil)).toEqual({
      kind: 'expired',
      expiredAt: paidUntil,
    });
  });

  it('accepts the ISO strings the API sends', () => {
    expect(isPublished({ pagoStatus: true, fechaPago: paidAt.toISOString() }, new Date('2026-11-20T00:00:00Z'))).toBe(
      true,
    );
  });
});

describe('days left of a publication', () => {
  it('counts Mendoza calendar days to the day it ends', () => {
    const now = new Date('2026-11-22T15:00:00Z'); // 12:00 in Mendoza
    expect(daysLeftText(new Date('2026-12-04T15:00:00Z'), now)).toBe('quedan 12 días');
    expect(daysLeftText(new Date('2026-11-23T15:00:00Z'), now)).toBe('queda 1 día');
    expect(daysLeftText(new Date('2026-11-22T20:00:00Z'), now)).toBe('vence hoy');
    // 23:30 on 22 November in Mendoza is still the 22nd, although UTC says the 23rd.
    expect(daysLeftText(new Date('2026-11-23T02:30:00Z'), now)).toBe('vence hoy');
  });

  it('is never published while hidden, paid or not', () => {
    const paidAt = new Date('2026-11-01T13:00:00Z');
    const during = new Date('2026-11-20T00:00:00Z');
    expect(isPublished({ pagoStatus: true, fechaPago: paidAt, ocultoMotivo: 'Contenido ofensivo' }, during)).toBe(
      false,
    );
    expect(isPublished({ pagoStatus: true, fechaPago: paidAt, ocultoMotivo: null }, during)).toBe(true);
  });
});
