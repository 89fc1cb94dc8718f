import { describe, expect, it } from 'vitest';
import { countdownText, isPromotionExpired } from './promocion';

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
