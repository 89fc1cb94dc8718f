import { describe, expect, it } from 'vitest';
import {
  aplicaHoy,
  compactText,
  diasToMask,
  estadoHoy,
  estadoHoyText,
  maskToDias,
  todayMask,
  type CondicionesPromocion,
} from './promocion-dias';
import { SIN_LETRA_CHICA } from './sin-letra-chica';

/** Mendoza is UTC−3 all year: 03:00Z is local midnight. */
const mendoza = (date: string, time = '12:00') => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const instant = new Date(`${date}T00:00:00Z`);
  return new Date(instant.getTime() + ((h + 3) * 60 + m) * 60_000);
};

const martesYJueves: CondicionesPromocion = { dias: ['Martes', 'Jueves'], desde: null, fechaVencimiento: '2026-12-31' };

describe('applies today, in Mendoza time', () => {
  it('applies every day when no weekday is chosen', () => {
    const todos = { dias: [], desde: null, fechaVencimiento: '2026-12-31' };
    for (let d = 22; d <= 28; d++) expect(aplicaHoy(todos, mendoza(`2026-11-${d}`))).toBe(true);
  });

  it('applies only on its weekdays and says which is next', () => {
    // Sunday 22 November → next Tuesday (24).
    expect(estadoHoy(martesYJueves, mendoza('2026-11-22'))).toEqual({
      kind: 'otro-dia',
      fecha: '2026-11-24',
      dia: 'Martes',
    });
    expect(aplicaHoy(martesYJueves, mendoza('2026-11-24'))).toBe(true);
    // Wednesday → Thursday.
    expect(estadoHoy(martesYJueves, mendoza('2026-11-25'))).toMatchObject({ dia: 'Jueves' });
    expect(aplicaHoy(martesYJueves, mendoza('2026-11-26'))).toBe(true);
    // Friday → across the week boundary to next Tuesday.
    expect(estadoHoy(martesYJueves, mendoza('2026-11-27'))).toMatchObject({ fecha: '2026-12-01', dia: 'Martes' });
  });

  it('turns at Mendoza midnight, not at UTC midnight', () => {
    // 23:59 Monday in Mendoza is already Tuesday in UTC: still Monday here.
    expect(aplicaHoy(martesYJueves, mendoza('2026-11-23', '23:59'))).toBe(false);
    expect(aplicaHoy(martesYJueves, new Date('2026-11-24T02:59:59Z'))).toBe(false);
    expect(aplicaHoy(martesYJueves, new Date('2026-11-24T03:00:00Z'))).toBe(true);
    // 23:59 Tuesday in Mendoza still applies, 00:00 Wednesday does not.
    expect(aplicaHoy(martesYJueves, new Date('2026-11-25T02:59:59Z'))).toBe(true);
    expect(aplicaHoy(martesYJueves, new Date('2026-11-25T03:00:00Z'))).toBe(false);
  });

  it('waits for its start date', () => {
    const desde = { dias: [], desde: '2026-12-01', fechaVencimiento: '2026-12-31' };
    expect(estadoHoy(desde, mendoza('2026-11-30', '23:59'))).toEqual({ kind: 'desde', fecha: '2026-12-01' });
    expect(estadoHoyText(estadoHoy(desde, mendoza('2026-11-30')))).toBe('Desde el 1 de diciembre');
    expect(aplicaHoy(desde, new Date('2026-12-01T03:00:00Z'))).toBe(true);
    // Starting on a Wednesday but only Tuesdays: first applies the Tuesday after.
    const primerMartes = { ...desde, dias: ['Martes' as const], desde: '2026-12-02' };
    expect(estadoHoy(primerMartes, mendoza('2026-12-02'))).toMatchObject({ fecha: '2026-12-08' });
  });

  it('has no next day when it expires before it comes round', () => {
    const corta = { ...martesYJueves, fechaVencimiento: '2026-11-23' };
    expect(estadoHoy(corta, mendoza('2026-11-22'))).toEqual({ kind: 'otro-dia', fecha: null, dia: null });
    expect(estadoHoyText(estadoHoy(corta, mendoza('2026-11-22')))).toBe('Hoy no aplica');
    expect(estadoHoy(corta, mendoza('2026-11-24'))).toEqual({ kind: 'vencida' });
  });

  it('words the badge as the cards show it', () => {
    expect(estadoHoyText(estadoHoy(martesYJueves, mendoza('2026-11-22')))).toBe('Hoy no aplica · próximo martes');
    expect(estadoHoyText(estadoHoy(martesYJueves, mendoza('2026-11-24')))).toBeNull();
  });

  it('gives the SQL side the same weekday bit', () => {
    expect(todayMask(mendoza('2026-11-23'))).toBe(1); // Lunes
    expect(todayMask(new Date('2026-11-23T02:59:59Z'))).toBe(64); // still Domingo in Mendoza
    expect(todayMask(mendoza('2026-11-24')) & diasToMask(['Martes', 'Jueves'])).not.toBe(0);
  });
});

describe('weekday mask', () => {
  it('stores no choice as every day and reads every day back as no choice', () => {
    expect(diasToMask([])).toBe(127);
    expect(maskToDias(127)).toEqual([]);
    expect(maskToDias(diasToMask(['Jueves', 'Martes']))).toEqual(['Martes', 'Jueves']);
  });
});

describe('compact line', () => {
  it('reads like a bank sheet', () => {
    expect(
      compactText({ ...SIN_LETRA_CHICA, dias: ['Jueves', 'Martes'], mediosPago: ['modo', 'debito'], tope: 5000 }),
    ).toBe('Mar y Jue · Débito y MODO · tope $\u00a05.000');
    expect(
      compactText({
        ...SIN_LETRA_CHICA,
        dias: ['Lunes', 'Miércoles', 'Viernes'],
        mediosPago: ['credito'],
        medioPagoOtro: 'Banco Nación',
        compraMinima: 20000,
      }),
    ).toBe('Lun, Mié y Vie · Crédito y Banco Nación · mínimo $\u00a020.000');
    expect(compactText(SIN_LETRA_CHICA)).toBe('');
  });
});
