// @vitest-environment jsdom
import '#test/web/setup-dom';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contract } from '#shared/contract';
import { ApiError } from '#web/lib/api';
import { mockApi } from '#test/web/msw';
import { outcomeOf, outcomeOfError, PAYMENT_CONNECTION_LOST, PAYMENT_OFFLINE, submitOrder } from './api';
import type { ProcessOrderBody } from '#shared/pagos';

describe('payment outcome on the card', () => {
  it('only processed is a success', () => {
    expect(
      outcomeOf({ status: 'processed', status_detail: 'accredited', order_id: 'ORD1', mensaje: 'Pago exitoso' }),
    ).toEqual({ tone: 'success', text: 'Pago exitoso' });
    expect(
      outcomeOf({
        status: 'failed',
        status_detail: 'insufficient_amount',
        order_id: 'ORD2',
        mensaje: 'Pago: rechazado (fondos insuficientes)',
      }),
    ).toEqual({
      tone: 'error',
      text: 'Pago: rechazado (fondos insuficientes)',
      nextStep: 'Probá con otra tarjeta o medio de pago.',
    });
    expect(
      outcomeOf({
        status: 'processing',
        status_detail: 'in_process',
        order_id: 'ORD3',
        mensaje: 'Pago: en proceso (en revisión)',
      }),
    ).toEqual({ tone: 'pending', text: 'Pago: en proceso (en revisión)' });
  });

  it("shows our server's reason for a refusal, and the spec's error for network or server failures", () => {
    expect(
      outcomeOfError(new ApiError(409, 'already_published', 'Este comercio ya tiene una publicación vigente.')),
    ).toEqual({
      tone: 'error',
      text: 'Este comercio ya tiene una publicación vigente.',
    });
    expect(outcomeOfError(new ApiError(502, 'payment_error', 'x'))).toEqual({
      tone: 'error',
      text: 'Error al procesar el pago',
    });
    expect(outcomeOfError(new SyntaxError('bad json'))).toEqual({ tone: 'error', text: 'Error al procesar el pago' });
  });
});

describe('the answer of process_order', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the server wrote, and an answer without its message as the spec error', async () => {
    const answer = (body: object) =>
      vi
        .fn()
        .mockResolvedValue(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal(
      'fetch',
      answer({
        status: 'action_required',
        status_detail: 'pending_challenge',
        order_id: 'ORD4',
        mensaje: 'Texto del servidor',
      }),
    );
    expect(await submitOrder({} as ProcessOrderBody)).toEqual({ tone: 'pending', text: 'Texto del servidor' });
    vi.stubGlobal('fetch', answer({ status: 'failed', status_detail: 'insufficient_amount', order_id: 'ORD5' }));
    expect(await submitOrder({} as ProcessOrderBody)).toEqual({ tone: 'error', text: 'Error al procesar el pago' });
  });
});

describe('paying without a connection', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('sends nothing while offline and says nothing was charged', async () => {
    const sent = mockApi();
    onlineManager.setOnline(false);
    expect(await submitOrder({} as ProcessOrderBody)).toEqual({
      tone: 'error',
      text: 'Error al procesar el pago: no hay conexión, así que no se cobró nada. Probá de nuevo cuando vuelva la conexión.',
    });
    expect(sent.all).toHaveLength(0);
  });

  it('does not claim nothing was charged when the connection drops after sending', async () => {
    const sent = mockApi(http.post(contract.pagos.processOrder.path, () => HttpResponse.error()));
    const outcome = await submitOrder({} as ProcessOrderBody);
    expect(outcome).toEqual({ tone: 'error', text: PAYMENT_CONNECTION_LOST });
    expect(outcome.text).toMatch(/^Error al procesar el pago: se cortó la conexión/);
    expect(outcome.text).not.toContain('no se cobró');
    expect(sent.to(contract.pagos.processOrder)).toHaveLength(1);
  });

  it('a network failure noticed offline is the offline message', () => {
    onlineManager.setOnline(false);
    expect(outcomeOfError(new ApiError(0, 'network_error', 'x'))).toEqual({ tone: 'error', text: PAYMENT_OFFLINE });
  });
});
