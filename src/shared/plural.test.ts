import { describe, expect, it } from 'vitest';
import { resumenEstadisticas, emptyContadores } from './estadisticas';
import { contar } from './plural';

describe('contar', () => {
  it('uses the singular for exactly one and the plural for zero, many and fractions', () => {
    expect(contar(1, 'visita', 'visitas')).toBe('1 visita');
    expect(contar(0, 'visita', 'visitas')).toBe('0 visitas');
    expect(contar(2, 'llamada', 'llamadas')).toBe('2 llamadas');
    expect(contar(1.5, 'hora', 'horas')).toBe('1,5 horas');
  });

  it('writes thousands the Argentine way', () => {
    expect(contar(1234, 'visita', 'visitas')).toBe('1.234 visitas');
  });
});

describe('resumenEstadisticas', () => {
  it('says "1 visita, 1 contacto" in the singular', () => {
    expect(resumenEstadisticas({ ...emptyContadores(), visitas: 1, whatsapp: 1 })).toBe(
      '1 visita, 1 contacto por WhatsApp en 30 días',
    );
  });
});
