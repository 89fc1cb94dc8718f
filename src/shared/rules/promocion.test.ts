import { describe, expect, it } from 'vitest';
import { countdownText, isPromotionExpired } from './promocion';
import { vencidaAlGuardar } from './promocion-guardado';

const now = new Date('2026-11-22T15:00:00Z');

describe('promotion visibility', () => {
  it('is valid through its whole expiry day', () => {
    expect(isPromotionExpired('2026-11-22', now)).toBe(false);
    expect(isPromotionExpired('2026-11-22', new Date('2026-11-23T02:59:59Z'))).toBe(false);
    expect(isPromotionExpired('2026-11-22', new Date('2026-11-23T03:00:00Z'))).toBe(true);
  });
});

describe('countdown', () => {
  it('counts down the last 7 days', () => {
    expect(countdownText('2026-11-22', now)).toBe('Vence hoy');
    expect(countdownText('2026-11-23', now)).toBe('Queda 1 día');
    expect(countdownText('2026-11-29', now)).toBe('Quedan 7 días');
    expect(countdownText('2026-11-30', now)).toBeNull();
    expect(countdownText('2026-11-21', now)).toBeNull();
  });
});

describe('saving a promotion already expired', () => {
  it('refuses a new one, or a changed expiry, before today in Mendoza', () => {
    expect(vencidaAlGuardar('2001-01-01', undefined, now)).toBe(true);
    expect(vencidaAlGuardar('2026-11-21', undefined, now)).toBe(true);
    expect(vencidaAlGuardar('2026-11-21', '2026-12-31', now)).toBe(true);
  });

  it('takes today (until midnight in Mendoza) and later dates', () => {
    expect(vencidaAlGuardar('2026-11-22', undefined, now)).toBe(false);
    expect(vencidaAlGuardar('2026-11-22', undefined, new Date('2026-11-23T02:59:59Z'))).toBe(false);
    expect(vencidaAlGuardar('2027-01-01', '2026-11-01', now)).toBe(false);
  });

  it('leaves a stored promotion that has since expired as it is', () => {
    expect(vencidaAlGuardar('2026-11-01', '2026-11-01', now)).toBe(false);
  });
});
