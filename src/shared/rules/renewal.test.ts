import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { isPublished, publicationState } from './publication';
import { periodForApproval, renewalOpensAt, renewalState } from './renewal';

describe('renewal window', () => {
  // Ends on 1 December at 10:00 in Mendoza (13:00 UTC).
  const fechaPago = new Date('2026-11-01T13:00:00Z');
  const paidUntil = new Date('2026-12-01T13:00:00Z');
  const paid = { pagoStatus: true, fechaPago };

  it('pays from now when unpaid or expired', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    expect(renewalState({ pagoStatus: false, fechaPago: null }, now)).toEqual({
      kind: 'pay',
      period: { start: now, end: addDays(now, 30) },
    });
    expect(renewalState(paid, now)).toMatchObject({ kind: 'pay', period: { start: now } });
  });

  it('opens at Mendoza midnight seven calendar days before the end day', () => {
    // 24 November 00:00 in Mendoza is 03:00 UTC.
    expect(renewalOpensAt(paidUntil)).toEqual(new Date('2026-11-24T03:00:00Z'));
    // 23:59:59.999 on the 23rd in Mendoza (already the 24th in UTC): 8 days left, too early.
    const before = new Date('2026-11-24T02:59:59.999Z');
    expect(renewalState(paid, before)).toEqual({
      kind: 'too_early',
      paidUntil,
      opensAt: new Date('2026-11-24T03:00:00Z'),
    });
    // Midnight in Mendoza: 7 days left, the renewal starts where the current period ends.
    expect(renewalState(paid, new Date('2026-11-24T03:00:00Z'))).toEqual({
      kind: 'renew',
      paidUntil,
      period: { start: paidUntil, end: new Date('2026-12-31T13:00:00Z') },
    });
  });

  it('stays open until the last millisecond of the publication', () => {
    expect(renewalState(paid, new Date(paidUntil.getTime() - 1)).kind).toBe('renew');
    expect(renewalState(paid, paidUntil).kind).toBe('pay');
  });

  it('uses the Mendoza calendar for an end late in the evening', () => {
    // Ends 1 December at 23:30 in Mendoza (02:30 UTC on the 2nd): the window opens 24 November 00:00 Mendoza.
    const lateEnd = new Date('2026-12-02T02:30:00Z');
    const late = { pagoStatus: true, fechaPago: addDays(lateEnd, -30) };
    expect(renewalOpensAt(lateEnd)).toEqual(new Date('2026-11-24T03:00:00Z'));
    expect(renewalState(late, new Date('2026-11-24T02:59:00Z')).kind).toBe('too_early');
    expect(renewalState(late, new Date('2026-11-24T03:01:00Z')).kind).toBe('renew');
  });
});

describe('period of an approved payment', () => {
  const fechaPago = new Date('2026-11-01T13:00:00Z');
  const paidUntil = new Date('2026-12-01T13:00:00Z');

  it('continues a valid publication and starts from the approval otherwise', () => {
    const approvedAt = new Date('2026-11-27T15:00:00Z');
    expect(periodForApproval({ pagoStatus: true, fechaPago }, approvedAt)).toEqual({
      start: paidUntil,
      end: new Date('2026-12-31T13:00:00Z'),
    });
    expect(periodForApproval({ pagoStatus: false, fechaPago: null }, approvedAt)).toEqual({
      start: approvedAt,
      end: addDays(approvedAt, 30),
    });
  });

  it('keeps a business whose period starts in the future published, through the end of the new period', () => {
    // fecha_pago holds the start of the latest paid period: after a renewal it is the old end, in the future.
    const renewed = { pagoStatus: true, fechaPago: paidUntil };
    const now = new Date('2026-11-28T12:00:00Z');
    expect(isPublished(renewed, now)).toBe(true);
    expect(publicationState(renewed, now)).toEqual({ kind: 'active', paidUntil: new Date('2026-12-31T13:00:00Z') });
    expect(isPublished(renewed, new Date('2026-12-31T13:00:00Z'))).toBe(false);
  });
});
