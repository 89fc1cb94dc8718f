import { describe, expect, it } from 'vitest';
import { mendozaClock } from './hours';

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
