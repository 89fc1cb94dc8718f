import { describe, expect, it } from 'vitest';
import { porcentajesPosibles, promocionInputSchema, soloCero } from './promocion';

const PROMO = { titulo: 'Promo', descuento: '20%', fechaVencimiento: '2030-01-01' };

describe('porcentajesPosibles', () => {
  it('accepts a discount as shops write it, and refuses a percentage past 100', () => {
    for (const ok of ['20%', '-30%', '2x1', '3 cuotas 0% interés', '100 %', '12,5%', '10% + 5% con MODO'])
      expect(porcentajesPosibles(ok), ok).toBe(true);
    for (const bad of ['150%', '20% y 200%', '100,5 %']) expect(porcentajesPosibles(bad), bad).toBe(false);
  });
});

describe('soloCero', () => {
  it('finds a discount of nothing, and leaves "0% de interés" and signage like "-20%" alone', () => {
    for (const zero of ['0%', '0', '$ 0', '$0', '-0 %', '0,00%']) expect(soloCero(zero), zero).toBe(true);
    for (const real of ['0% de interés en 3 cuotas', '-20%', '$ 500', '10%', '2x1'])
      expect(soloCero(real), real).toBe(false);
  });
});

describe('promocionInputSchema amounts', () => {
  const messages = (fields: object) => {
    const r = promocionInputSchema.safeParse({ ...PROMO, ...fields });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('gives one message, the right one, for each wrong amount', () => {
    expect(messages({ compraMinima: 1e23 })).toEqual(['La compra mínima puede ser como máximo $ 100.000.000.']);
    expect(messages({ tope: 10.5 })).toEqual(['El tope debe ser un monto en pesos, sin centavos.']);
    expect(messages({ tope: -1 })).toEqual(['El tope debe ser un monto positivo.']);
    expect(messages({ tope: 100_000_000, compraMinima: 1 })).toEqual([]);
  });
});
