import { describe, expect, it } from 'vitest';
import { isPublished, publicationState } from './publication';

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
    expect(publicationState({ pagoStatus: true, fechaPago: paidAt }, paidUntil)).toEqual({ kind: 'expired', expiredAt: paidUntil });
  });

  it('accepts the ISO strings the API sends', () => {
    expect(isPublished({ pagoStatus: true, fechaPago: paidAt.toISOString() }, new Date('2026-11-20T00:00:00Z'))).toBe(true);
  });
});
