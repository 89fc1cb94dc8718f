// @vitest-environment jsdom
import '#test/web/setup-dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HorarioTable, splitRanges } from './HorarioTable';

describe('splitRanges', () => {
  it('puts each range of a day on its own line', () => {
    expect(splitRanges('7:00 - 13:30, 17:00 - 21:00')).toEqual(['7:00 - 13:30', '17:00 - 21:00']);
    expect(splitRanges('9 a 13 y 17 a 21')).toEqual(['9 a 13', '17 a 21']);
    expect(splitRanges('Cerrado')).toEqual(['Cerrado']);
  });
});

describe('HorarioTable', () => {
  it("names today's row with the day and its badge as two words", () => {
    // Sunday 22 November 2026, 21:40 in Mendoza.
    render(<HorarioTable horarioDetallado={{ Domingo: '8:00 - 13:00' }} now={new Date('2026-11-23T00:40:00Z')} />);
    expect(screen.getByRole('rowheader', { name: 'Domingo Hoy' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Lunes' })).toBeInTheDocument();
    expect(screen.getByRole('row', { current: 'date' })).toHaveTextContent('8:00 - 13:00');
  });
});
