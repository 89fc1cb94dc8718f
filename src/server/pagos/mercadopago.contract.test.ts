import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '#shared/pagos';
import { MercadoPagoOrders } from './mercadopago';
import { isRefunded, ProviderError, type CreateOrderBody, type Order } from './orders-api';

/**
 * The adapter against a local server on 127.0.0.1 that answers in the Orders API's documented wire format.
 * Each test sets the next answer; the server records what the adapter sent.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
let server: Server;
let baseUrl = '';
let seen: Seen[] = [];
let answer: { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number } = { status: 500 };

const BODY: CreateOrderBody = {
  type: 'online',
  processing_mode: 'automatic',
  total_amount: '450',
  external_reference: 'comercio_7',
  payer: { email: 'test_user@testuser.com', identification: { type: 'DNI', number: '12345678' } },
  transactions: {
    payments: [
      { amount: '450', payment_method: { id: 'visa', type: 'credit_card', token: 'card-token-1', installments: 1 } },
    ],
  },
};

const order = (status: OrderStatus, detail: string, paymentStatus: string = status, paymentDetail = detail): Order => ({
  id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
  type: 'online',
  processing_mode: 'automatic',
  external_reference: 'comercio_7',
  total_amount: '450.00',
  total_paid_amount: status === 'processed' ? '450.00' : '0.00',
  status,
  status_detail: detail,
  created_date: '2026-11-22T12:00:00.000Z',
  last_updated_date: '2026-11-22T12:00:01.000Z',
  transactions: {
    payments: [
      {
        id: 'PAY01JQ4S4KY8HWQ6NA5PXB65B3D4',
        amount: '450.00',
        status: paymentStatus,
        status_detail: paymentDetail,
        payment_method: { id: 'visa', type: 'credit_card', installments: 1 },
      },
    ],
  },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      const reply = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const adapter = (timeoutMs = 2000) => new MercadoPagoOrders({ accessToken: 'APP_USR-test-token', baseUrl, timeoutMs });

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

describe('Mercado Pago Orders adapter (contract)', () => {
  it('sends the documented request: POST /v1/orders, Bearer token, idempotency key, JSON body', async () => {
    answer = { status: 201, body: order('processed', 'accredited') };
    const result = await adapter().createOrder(BODY, 'key-123e4567-e89b-42d3-a456-426614174000');
    expect(result.status).toBe('processed');
    expect(result.id).toBe('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3');
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', url: '/v1/orders', body: BODY });
    expect(req!.headers.authorization).toBe('Bearer APP_USR-test-token');
    expect(req!.headers['x-idempotency-key']).toBe('key-123e4567-e89b-42d3-a456-426614174000');
    expect(req!.headers['content-type']).toBe('application/json');
  });

  it('reads a rejected card (402) as a failed order from the error body', async () => {
    const failed = order('failed', 'failed', 'failed', 'insufficient_amount');
    answer = {
      status: 402,
      body: {
        errors: [
          {
            code: 'failed',
            message: 'The following transactions failed',
            details: ['PAY01JQ4S4KY8HWQ6NA5PXB65B3D4: insufficient_amount'],
          },
        ],
        data: failed,
      },
    };
    const result = await adapter().createOrder(BODY, 'k1');
    expect(result.status).toBe('failed');
    expect(result.transactions.payments[0]!.status_detail).toBe('insufficient_amount');
  });

  it.each([
    [400, 'invalid_total_amount', 'total_amount must be equal to the sum of the transactions amount'],
    [400, 'invalid_email_for_sandbox', 'payer email must end with @testuser.com'],
    [401, 'invalid_credentials', 'Invalid credentials'],
    [409, 'idempotency_key_already_used', 'The idempotency key was already used'],
    [500, 'internal_error', 'Internal error'],
  ])('maps %i %s to a ProviderError with its code', async (status, code, message) => {
    answer = { status, body: { errors: [{ code, message, details: [] }] } };
    const err = await providerError(adapter().createOrder(BODY, 'k2'));
    expect(err).toMatchObject({ httpStatus: status, code, message, retryAfterSeconds: null });
  });

  it('honours Retry-After on 429', async () => {
    answer = {
      status: 429,
      headers: { 'retry-after': '17' },
      body: { errors: [{ code: 'too_many_requests', message: 'Too many requests' }] },
    };
    const err = await providerError(adapter().createOrder(BODY, 'k3'));
    expect(err).toMatchObject({ httpStatus: 429, code: 'too_many_requests', retryAfterSeconds: 17 });
  });

  it('gives up after its timeout', async () => {
    answer = { status: 201, body: order('processed', 'accredited'), delayMs: 800 };
    const err = await providerError(adapter(150).createOrder(BODY, 'k4'));
    expect(err).toMatchObject({ httpStatus: null, code: 'timeout' });
  });

  it('gets an order by id and maps 404', async () => {
    answer = { status: 200, body: order('processing', 'in_process') };
    expect((await adapter().getOrder('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3')).status).toBe('processing');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/orders/ORD01JQ4S4KY8HWQ6NA5PXB65B3D3' });
    answer = { status: 404, body: { errors: [{ code: 'order_not_found', message: 'Order not found' }] } };
    expect(await providerError(adapter().getOrder('ORD01MISSING'))).toMatchObject({
      httpStatus: 404,
      code: 'order_not_found',
    });
  });

  it('does not pass on an order status it does not know (the pagos table allows only known ones)', async () => {
    answer = { status: 200, body: { ...order('processed', 'accredited'), status: 'on_hold' } };
    expect(await providerError(adapter().getOrder('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3'))).toMatchObject({
      httpStatus: null,
      code: 'unknown_order_status',
    });
    answer = { status: 201, body: { ...order('processed', 'accredited'), status: 'on_hold' } };
    expect(await providerError(adapter().createOrder(BODY, 'k5'))).toMatchObject({ code: 'unknown_order_status' });
  });

  it('searches orders by external reference within the required date range', async () => {
    answer = {
      status: 200,
      body: {
        data: [
          order('processed', 'accredited'),
          { ...order('processed', 'accredited'), id: 'X', external_reference: 'comercio_70' },
        ],
        paging: { total: 2, offset: 0, limit: 20 },
      },
    };
    const found = await adapter().searchOrders(
      'comercio_7',
      new Date('2026-11-22T00:00:00Z'),
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(found.map((o) => o.id)).toEqual(['ORD01JQ4S4KY8HWQ6NA5PXB65B3D3']);
    const url = new URL(seen[0]!.url, baseUrl);
    expect(url.pathname).toBe('/v1/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      begin_date: '2026-11-22T00:00:00.000Z',
      end_date: '2026-11-23T00:00:00.000Z',
      external_reference: 'comercio_7',
    });
  });

  it('refunds an order in full: POST /v1/orders/{id}/refund with an idempotency key and no body', async () => {
    // The documented 201: the order's id and state with its refunds (not the whole order).
    answer = {
      status: 201,
      body: {
        id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
        status: 'processed',
        status_detail: 'refunded',
        transactions: {
          refunds: [
            {
              id: 'REF01J49MMW3SSBK5PSV3DFR32959',
              transaction_id: 'PAY01JQ4S4KY8HWQ6NA5PXB65B3D4',
              reference_id: '01JEVQM899NWSQC4FYWWW7KTF9',
              amount: '450.00',
              status: 'processed',
            },
          ],
        },
      },
    };
    const refund = await adapter().refundOrder('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3', 'refund-pago-12');
    expect(refund.transactions?.refunds?.[0]).toMatchObject({ amount: '450.00', status: 'processed' });
    expect(isRefunded(refund)).toBe(true);
    const [req] = seen;
    expect(req).toMatchObject({
      method: 'POST',
      url: '/v1/orders/ORD01JQ4S4KY8HWQ6NA5PXB65B3D3/refund',
      body: undefined,
    });
    expect(req!.headers.authorization).toBe('Bearer APP_USR-test-token');
    expect(req!.headers['x-idempotency-key']).toBe('refund-pago-12');
  });

  it.each([
    [409, 'order_already_refunded', 'The order was already refunded'],
    [409, 'cannot_refund_order', 'Only orders with status processed can be refunded'],
    [404, 'order_not_found', 'Order not found'],
  ])('maps a refused refund (%i %s) to a ProviderError', async (status, code, message) => {
    answer = { status, body: { errors: [{ code, message, details: [] }] } };
    expect(await providerError(adapter().refundOrder('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3', 'refund-pago-13'))).toMatchObject(
      { httpStatus: status, code },
    );
  });

  it('reads both documented shapes of a refunded order', () => {
    expect(isRefunded(order('refunded', 'refunded'))).toBe(true);
    expect(isRefunded(order('processed', 'refunded'))).toBe(true);
    expect(isRefunded(order('processed', 'accredited'))).toBe(false);
  });
});
