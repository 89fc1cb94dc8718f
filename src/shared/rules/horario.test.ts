import { describe, expect, it } from 'vitest';
import { DIAS, type Dia } from '#shared/constants';
import { formatClock, openStatus, openStatusLabel, readWeek } from './horario';
import { checkDia, formatDia, parseClock, summarizeHorario } from './horario-texto';

const week = (text: string, overrides: Partial<Record<Dia, string>> = {}) =>
  ({ ...Object.fromEntries(DIAS.map((d) => [d, text])), ...overrides }) as Record<Dia, string>;
/** Monday 23 November 2026 in Mendoza (UTC-3, no daylight saving) at hh:mm, plus `days`. */
const mendoza = (hhmm: string, days = 0) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 23 + days, h + 3, m));
};
const label = (hours: Record<Dia, string>, now: Date) => {
  const status = openStatus(hours, now);
  return status && openStatusLabel(status);
};

describe('clock texts', () => {
  it('formats and reads times of day', () => {
    expect(formatClock(540)).toBe('9:00');
    expect(formatClock(24 * 60)).toBe('0:00');
    expect(formatClock(13 * 60 + 5)).toBe('13:05');
    expect(parseClock('09:05')).toBe(545);
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBeNull();
    expect(parseClock('9')).toBeNull();
  });
});

describe('checkDia', () => {
  it('reads the canonical stored texts', () => {
    expect(checkDia('', 'Lunes')).toEqual({ ok: true, dia: { kind: 'closed' } });
    expect(checkDia('Cerrado', 'Lunes')).toEqual({ ok: true, dia: { kind: 'closed' } });
    expect(checkDia('24 horas', 'Lunes')).toEqual({ ok: true, dia: { kind: 'always' } });
    expect(checkDia('9:00 - 13:00, 17:00 - 21:00', 'Lunes')).toEqual({
      ok: true,
      dia: {
        kind: 'turnos',
        turnos: [
          { start: 540, end: 780 },
          { start: 1020, end: 1260 },
        ],
      },
    });
    expect(checkDia('20:00 - 02:00', 'Sábado')).toEqual({
      ok: true,
      dia: { kind: 'turnos', turnos: [{ start: 1200, end: 120 }] },
    });
  });

  it('rejects what is not one or two well-formed shifts, in Spanish', () => {
    expect(checkDia('de 9 a 13', 'Lunes')).toMatchObject({
      ok: false,
      message: expect.stringContaining('El horario del Lunes no es válido'),
    });
    expect(checkDia('25:00 - 26:00', 'Lunes')).toMatchObject({ ok: false });
    expect(checkDia('8:00 - 10:00, 11:00 - 12:00, 13:00 - 14:00', 'Martes')).toEqual({
      ok: false,
      message: 'El Martes admite uno o dos turnos.',
    });
    expect(checkDia('9:00 - 9:00', 'Lunes')).toEqual({
      ok: false,
      message: 'En el Lunes, un turno no puede abrir y cerrar a la misma hora.',
    });
    expect(checkDia('17:00 - 21:00, 9:00 - 13:00', 'Lunes')).toMatchObject({
      ok: false,
      message: expect.stringContaining('segundo turno'),
    });
    expect(checkDia('20:00 - 2:00, 9:00 - 13:00', 'Lunes')).toMatchObject({ ok: false });
    expect(checkDia('9:00 - 13:00, 12:00 - 20:00', 'Lunes')).toMatchObject({ ok: false });
    // Back to back is fine, and only the second shift may run past midnight.
    expect(checkDia('9:00 - 13:00, 13:00 - 1:00', 'Lunes')).toMatchObject({ ok: true });
  });

  it('writes days back in the canonical form', () => {
    expect(formatDia({ kind: 'closed' })).toBe('Cerrado');
    expect(formatDia({ kind: 'always' })).toBe('24 horas');
    expect(formatDia({ kind: 'turnos', turnos: [{ start: 1200, end: 120 }] })).toBe('20:00 - 2:00');
  });
});

describe('readWeek', () => {
  it('knows the hours only when every day is readable and one is open', () => {
    expect(readWeek(week('Cerrado'))).toBeNull();
    expect(readWeek(week(''))).toBeNull();
    expect(readWeek(null)).toBeNull();
    expect(readWeek(week('Cerrado', { Lunes: 'Todos los días de 7 a 23' }))).toBeNull();
    expect(readWeek(week('Cerrado', { Lunes: '9:00 - 13:00' }))?.Lunes).toEqual({
      kind: 'turnos',
      turnos: [{ start: 540, end: 780 }],
    });
  });
});

describe('summarizeHorario', () => {
  it('groups days with the same hours the way owners write them', () => {
    expect(summarizeHorario(week('7:00 - 13:30, 17:00 - 21:00', { Domingo: '8:00 - 13:00' }))).toBe(
      'Lun a Sáb 7:00 - 13:30 y 17:00 - 21:00, Dom 8:00 - 13:00',
    );
    expect(summarizeHorario(week('8:00 - 0:00'))).toBe('Todos los días 8:00 - 0:00');
    expect(summarizeHorario(week('24 horas'))).toBe('Abierto las 24 horas');
    expect(summarizeHorario(week('9:00 - 20:00', { Sábado: '9:00 - 14:00', Domingo: '9:00 - 14:00' }))).toBe(
      'Lun a Vie 9:00 - 20:00, Sáb y Dom 9:00 - 14:00',
    );
    expect(
      summarizeHorario(week('Cerrado', { Lunes: '9:00 - 13:00', Miércoles: '9:00 - 13:00', Viernes: '9:00 - 13:00' })),
    ).toBe('Lun, Mié y Vie 9:00 - 13:00');
    expect(
      summarizeHorario(
        week('Cerrado', {
          Martes: '10:00 - 12:00',
          Miércoles: '10:00 - 12:00',
          Jueves: '10:00 - 12:00',
          Sábado: '10:00 - 12:00',
        }),
      ),
    ).toBe('Mar a Jue y Sáb 10:00 - 12:00');
  });

  it('has nothing to say when the hours are unknown', () => {
    expect(summarizeHorario(week('Cerrado'))).toBeNull();
    expect(summarizeHorario(week('a la mañana'))).toBeNull();
  });
});

describe('openStatus', () => {
  const hours = week('9:00 - 13:00, 17:00 - 21:00', { Sábado: '9:00 - 13:00', Domingo: 'Cerrado' });

  it('says when an open business closes and when a closed one opens', () => {
    expect(label(hours, mendoza('10:00'))).toBe('Abierto ahora · cierra 13:00');
    expect(label(hours, mendoza('14:00'))).toBe('Cerrado · abre hoy 17:00');
    expect(label(hours, mendoza('8:59'))).toBe('Cerrado · abre hoy 9:00');
    expect(label(hours, mendoza('9:00'))).toBe('Abierto ahora · cierra 13:00');
    expect(label(hours, mendoza('21:00'))).toBe('Cerrado · abre mañana 9:00');
    expect(label(hours, mendoza('23:59'))).toBe('Cerrado · abre mañana 9:00');
  });

  it('crosses the week boundary: Saturday afternoon opens on Monday', () => {
    expect(label(hours, mendoza('14:00', 5))).toBe('Cerrado · abre el lunes 9:00'); // Sat
    expect(label(hours, mendoza('12:00', 6))).toBe('Cerrado · abre mañana 9:00'); // Sun
  });

  it('keeps shifts past midnight open in the small hours of the next day', () => {
    const late = week('Cerrado', { Sábado: '20:00 - 02:00' });
    expect(label(late, mendoza('20:30', 5))).toBe('Abierto ahora · cierra 2:00'); // Sat 20:30
    expect(label(late, mendoza('1:30', 6))).toBe('Abierto ahora · cierra 2:00'); // Sun 01:30
    expect(label(late, mendoza('2:30', 6))).toBe('Cerrado · abre el sábado 20:00'); // Sun 02:30
    // Sunday's late shift still runs at 01:00 on Monday: the week wraps.
    const sunday = week('Cerrado', { Domingo: '19:30 - 1:00' });
    expect(label(sunday, mendoza('0:30'))).toBe('Abierto ahora · cierra 1:00');
    expect(label(sunday, mendoza('1:00'))).toBe('Cerrado · abre el domingo 19:30');
  });

  it('joins a day that ends at midnight with the next one that starts at midnight', () => {
    const allWeek = week('24 horas');
    expect(label(allWeek, mendoza('3:00'))).toBe('Abierto ahora · las 24 horas');
    const weekdays = week('24 horas', { Sábado: 'Cerrado', Domingo: 'Cerrado' });
    expect(label(weekdays, mendoza('10:00', 3))).toBe('Abierto ahora · cierra el sábado 0:00'); // Thursday
    expect(label(weekdays, mendoza('10:00', 4))).toBe('Abierto ahora · cierra 0:00'); // Friday: closes tonight
  });

  it('reads the clock in Mendoza whatever the server timezone', () => {
    // 02:30 UTC on Tuesday is 23:30 on Monday in Mendoza.
    expect(openStatus(week('Cerrado', { Lunes: '20:00 - 0:00' }), new Date('2026-11-24T02:30:00Z'))).toEqual({
      open: true,
      closesAt: '0:00',
      when: '',
    });
  });

  it('makes no claim when the hours are unknown', () => {
    expect(openStatus(week('Cerrado'), mendoza('10:00'))).toBeNull();
    expect(openStatus(null, mendoza('10:00'))).toBeNull();
  });
});
