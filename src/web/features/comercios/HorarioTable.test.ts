// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { splitRanges } from './HorarioTable';

describe('splitRanges', () => {
  it('puts each range of a day on its own line', () => {
    expect(splitRanges('7:00 - 13:30, 17:00 - 21:00')).toEqual(['7:00 - 13:30', '17:00 - 21:00']);
    expect(splitRanges('9 a 13 y 17 a 21')).toEqual(['9 a 13', '17 a 21']);
    expect(splitRanges('Cerrado')).toEqual(['Cerrado']);
  });
});
