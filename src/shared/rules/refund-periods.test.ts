import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { publicationAfterRefund } from './refund-periods';

const now = new Date('2026-03-10T12:00:00-03:00');
/** Period 1 has 5 days left; period 2, the renewal, starts when it ends. */
const p1 = { id: 1, start: addDays(now, -25), end: addDays(now, 5) };
const p2 = { id: 2, start: addDays(now, 5), end: addDays(now, 35) };

describe('publicationAfterRefund', () => {
  it('refunding the renewal leaves the running period as it was', () => {
    const after = publicationAfterRefund([p1], now);
    expect(after).toEqual({ periods: [p1], moved: [], fechaPago: p1.start });
    expect(addDays(after.fechaPago!, 30)).toEqual(p1.end);
  });

  it('refunding the running period brings the renewal forward to now, its 30 days whole', () => {
    const after = publicationAfterRefund([p2], now);
    const brought = { id: 2, start: now, end: addDays(now, 30) };
    expect(after).toEqual({ periods: [brought], moved: [brought], fechaPago: now });
  });

  it('keeps both when neither is refunded, and ends everything when nothing is left', () => {
    expect(publicationAfterRefund([p2, p1], now)).toEqual({ periods: [p1, p2], moved: [], fechaPago: p2.start });
    expect(publicationAfterRefund([], now)).toEqual({ periods: [], moved: [], fechaPago: null });
  });

  it('ignores periods already over', () => {
    const old = { id: 0, start: addDays(now, -60), end: addDays(now, -30) };
    expect(publicationAfterRefund([old], now).fechaPago).toBeNull();
  });
});
