import { describe, expect, it } from 'vitest';
import { actorText, targetText } from './AuditoriaSection';

describe('audit rows in words', () => {
  it('names the business and the account instead of their ids, and says when they are gone', () => {
    expect(targetText({ targetType: 'comercio', targetId: '12', targetLabel: 'Panadería La Espiga' })).toBe(
      '«Panadería La Espiga»',
    );
    expect(targetText({ targetType: 'comercio', targetId: '12', targetLabel: null })).toBe('comercio #12');
    expect(targetText({ targetType: 'user', targetId: 'gX7jB9abc', targetLabel: 'ana@ejemplo.com' })).toBe(
      'ana@ejemplo.com',
    );
    expect(targetText({ targetType: 'user', targetId: 'gX7jB9abc', targetLabel: null })).toBe('una cuenta eliminada');
    expect(targetText({ targetType: 'pago', targetId: '7' })).toBe('pago #7');
  });

  it('calls a sandbox payment a test payment, not Mercado Pago', () => {
    expect(actorText('Mercado Pago', 'sandbox')).toBe('pago de prueba');
    expect(actorText('Mercado Pago', 'mercadopago')).toBe('Mercado Pago');
    expect(actorText('opera@example.com', 'sandbox')).toBe('opera@example.com');
  });
});
