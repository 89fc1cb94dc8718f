import { describe, expect, it } from 'vitest';
import { venceCuando } from './messages';

/** Found in a stranger's round: every early reminder said "vence en 7 días", sent 5 days before the end. */
describe('when a reminder says the publication ends', () => {
  // 3 December 2026, 10:00 in Mendoza (UTC−3).
  const end = new Date('2026-12-03T13:00:00Z');

  it('counts the Mendoza calendar days left when it is written', () => {
    expect(venceCuando(end, new Date('2026-11-26T13:00:00Z'))).toBe('en 7 días');
    expect(venceCuando(end, new Date('2026-11-28T15:00:00Z'))).toBe('en 5 días');
    expect(venceCuando(end, new Date('2026-12-02T02:59:00Z'))).toBe('en 2 días'); // 1 Dec, 23:59 in Mendoza
    expect(venceCuando(end, new Date('2026-12-02T03:00:00Z'))).toBe('mañana'); // 2 Dec, 00:00 in Mendoza
    expect(venceCuando(end, new Date('2026-12-03T03:00:00Z'))).toBe('hoy');
  });
});
