import { describe, expect, it } from 'vitest';
import {
  IN_FLIGHT_STATUSES,
  isInFlight,
  isOrderStatus,
  isPublicationFee,
  PAGO_STATUSES,
  paymentMessage,
} from './pagos';

describe('payment texts', () => {
  it('says Pago exitoso only for processed', () => {
    expect(paymentMessage('processed', 'accredited')).toBe('Pago exitoso');
    expect(paymentMessage('failed', 'insufficient_amount')).toBe('Pago: rechazado (fondos insuficientes)');
    expect(paymentMessage('failed', 'rejected_by_issuer')).toBe('Pago: rechazado (rechazado por el banco emisor)');
    expect(paymentMessage('processing', 'in_process')).toBe('Pago: en proceso (en revisión)');
    expect(paymentMessage('failed', 'failed')).toBe('Pago: rechazado');
    expect(paymentMessage('failed', 'odd')).toBe('Pago: rechazado (odd)');
    expect(paymentMessage('canceled', 'canceled')).toBe('Pago: cancelado');
  });
  it('accepts only the fee as amount', () => {
    expect(isPublicationFee('450')).toBe(true);
    expect(isPublicationFee('450.00')).toBe(true);
    expect(isPublicationFee('45')).toBe(false);
    expect(isPublicationFee('450abc')).toBe(false);
    expect(isPublicationFee('-450')).toBe(false);
  });

  it("knows every status a payment attempt can have; pending and error are ours, not the provider's", () => {
    expect(PAGO_STATUSES).toEqual(expect.arrayContaining([...IN_FLIGHT_STATUSES, 'processed', 'failed', 'refunded']));
    expect(isOrderStatus('processed')).toBe(true);
    expect(isOrderStatus('pending')).toBe(false);
    expect(isOrderStatus('error')).toBe(false);
    expect(isOrderStatus('on_hold')).toBe(false);
    expect(isInFlight('processing')).toBe(true);
    expect(isInFlight('action_required')).toBe(true);
    expect(isInFlight('processed')).toBe(false);
    expect(isInFlight('failed')).toBe(false);
  });
});
