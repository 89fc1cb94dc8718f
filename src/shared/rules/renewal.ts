import { PUBLICATION_DAYS } from '#shared/constants';
import { addDays, daysUntil, mendozaDate } from './dates';
import { publicationState, type PaymentFields } from './publication';

/** The owner may renew in the last 7 Mendoza calendar days of a publication ("quedan 7 días" … "vence hoy"). */
export const RENEWAL_WINDOW_DAYS = 7;

export interface Period {
  start: Date;
  end: Date;
}

/**
 * Whether a payment may start now, and for which period:
 * - `pay`: unpaid or expired, the 30 days start at the payment;
 * - `renew`: inside the renewal window, the 30 days start when the current ones end (no gap);
 * - `too_early`: valid for longer than the window (the spec's 409); the window opens at `opensAt`.
 */
export type RenewalState =
  | { kind: 'pay'; period: Period }
  | { kind: 'renew'; period: Period; paidUntil: Date }
  | { kind: 'too_early'; paidUntil: Date; opensAt: Date };

export function periodFrom(start: Date): Period {
  return { start, end: addDays(start, PUBLICATION_DAYS) };
}

/** Mendoza midnight that starts a calendar day ("YYYY-MM-DD"); Mendoza is UTC−3 all year (no DST, ADR 002). */
function mendozaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** The instant the renewal window opens: Mendoza midnight of the calendar day 7 days before the end's day. */
export function renewalOpensAt(paidUntil: Date): Date {
  const endDay = mendozaMidnight(mendozaDate(paidUntil));
  return mendozaMidnight(mendozaDate(addDays(endDay, -RENEWAL_WINDOW_DAYS)));
}

export function renewalState(c: PaymentFields, now: Date): RenewalState {
  const state = publicationState(c, now);
  if (state.kind !== 'active') return { kind: 'pay', period: periodFrom(now) };
  if (daysUntil(mendozaDate(state.paidUntil), now) > RENEWAL_WINDOW_DAYS) {
    return { kind: 'too_early', paidUntil: state.paidUntil, opensAt: renewalOpensAt(state.paidUntil) };
  }
  return { kind: 'renew', period: periodFrom(state.paidUntil), paidUntil: state.paidUntil };
}

/**
 * The period an approved payment buys, decided when it is applied (also by a late reconciliation): it starts
 * at the approval, or at the end of the publication that was valid then, whichever is later. So a renewal
 * approved inside the window continues the current period without a gap and without losing paid days.
 */
export function periodForApproval(c: PaymentFields, approvedAt: Date): Period {
  const state = publicationState(c, approvedAt);
  return periodFrom(state.kind === 'active' ? state.paidUntil : approvedAt);
}
