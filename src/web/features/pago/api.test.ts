import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { outcomeOf, outcomeOfError } from './api';

describe('payment outcome on the card', () => {
  it('only processed is a success', () => {
    expect(outcomeOf({ status: 'processed', status_detail: 'accredited', order_id: 'ORD1', mensaje: 'Pago exitoso' })).toEqual({ tone: 'success', text: 'Pago exitoso' });
    expect(outcomeOf({ status: 'failed', status_detail: 'insufficient_amount', order_id: 'ORD2', mensaje: 'Pago: rechazado (fondos insuficientes)' })).toEqual({
      tone: 'error',
      text: 'Pago: rechazado (fondos insuficientes)',
    });
    expect(outcomeOf({ status: 'processing', status_detail: 'in_process', order_id: 'ORD3', mensaje: '' })).toEqual({ tone: 'pending', text: 'Pago: en proceso (en revisión)' });
  });

  it("shows our server's reason for a refusal, and the spec's error for network or server failures", () => {
    expect(outcomeOfError(new ApiError(409, 'already_published', 'Este comercio ya tiene una publicación vigente.'))).toEqual({
      tone: 'error',
      text: 'Este comercio ya tiene una publicación vigente.',
    });
    expect(outcomeOfError(new ApiError(0, 'network_error', 'Sin conexión'))).toEqual({ tone: 'error', text: 'Error al procesar el pago' });
    expect(outcomeOfError(new ApiError(502, 'payment_error', 'x'))).toEqual({ tone: 'error', text: 'Error al procesar el pago' });
    expect(outcomeOfError(new SyntaxError('bad json'))).toEqual({ tone: 'error', text: 'Error al procesar el pago' });
  });
});
