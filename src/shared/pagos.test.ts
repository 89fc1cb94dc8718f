import { describe, expect, it } from 'vitest';
import { isPublicationFee, paymentMessage } from './pagos';

describe('payment texts', () => {
  it('says Pago exitoso only for processed', () => {
    expect(paymentMessage('processed', 'accredited')).toBe('Pago exitoso');
    expect(paymentMessage('failed', 'insufficient_amount')).toBe('Pago: rechazado (fondos insuficientes)');
    expect(paymentMessage('failed', 'rejected_by_issuer')).toBe('Pago: rechazado (rechazado por el banco emisor)');
    expect(paymentMessage('processing', 'in_process')).toBe('Pago: en proceso (en revisión)');
    expect(paymentMessage('failed', 'failed')).toBe('Pago: rechazado');
    expect(paymentMessage('weird', 'odd')).toBe('Pago: weird (odd)');
  });
  it('accepts only the fee as amount', () => {
    expect(isPublicationFee('450')).toBe(true);
    expect(isPublicationFee('450.00')).toBe(true);
    expect(isPublicationFee('45')).toBe(false);
    expect(isPublicationFee('450abc')).toBe(false);
    expect(isPublicationFee('-450')).toBe(false);
  });
});
