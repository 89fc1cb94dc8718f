import { isOrderStatus } from '#shared/pagos';
import type { CreateOrderBody, Order, OrdersProvider, RefundAnswer } from './orders-api';
import { ProviderError, type ApiErrorItem } from './orders-api';

export interface MercadoPagoOptions {
  accessToken: string;
  /** https://api.mercadopago.com in production; a local server in contract tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Mercado Pago's Orders API over plain fetch. (The official SDK throws on every non-2xx and hides the
 * status; the 402 "failed order" and 429 Retry-After need the raw answer, so the wire format is spoken here.)
 */
export class MercadoPagoOrders implements OrdersProvider {
  readonly name = 'mercadopago' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: MercadoPagoOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.mercadopago.com').replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  async createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
    const { status, json, headers } = await this.request('POST', '/v1/orders', body, {
      'X-Idempotency-Key': idempotencyKey,
    });
    if (status === 201 || status === 200) return knownStatus(json as Order);
    // A rejected card: the order exists and failed; its state travels inside the error body.
    if (status === 402 && json && typeof json === 'object' && 'data' in json)
      return knownStatus((json as { data: Order }).data);
    throw toProviderError(status, json, headers);
  }

  async getOrder(id: string): Promise<Order> {
    const { status, json, headers } = await this.request('GET', `/v1/orders/${encodeURIComponent(id)}`);
    if (status === 200) return knownStatus(json as Order);
    throw toProviderError(status, json, headers);
  }

  async searchOrders(externalReference: string, begin: Date, end: Date): Promise<Order[]> {
    const query = new URLSearchParams({
      begin_date: begin.toISOString(),
      end_date: end.toISOString(),
      external_reference: externalReference,
    });
    const { status, json, headers } = await this.request('GET', `/v1/orders?${query}`);
    if (status === 200)
      return ((json as { data?: Order[] }).data ?? [])
        .filter((o) => o.external_reference === externalReference)
        .map(knownStatus);
    throw toProviderError(status, json, headers);
  }

  async refundOrder(id: string, idempotencyKey: string): Promise<RefundAnswer> {
    // No body: a total refund (a partial one would name the transaction and amount).
    const { status, json, headers } = await this.request(
      'POST',
      `/v1/orders/${encodeURIComponent(id)}/refund`,
      undefined,
      { 'X-Idempotency-Key': idempotencyKey },
    );
    if (status === 201 || status === 200) return knownStatus(json as RefundAnswer);
    throw toProviderError(status, json, headers);
  }

  private async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.accessToken}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderError(
        null,
        timedOut ? 'timeout' : 'network_error',
        timedOut ? 'Mercado Pago did not answer in time' : String(err),
      );
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, headers: response.headers };
  }
}

/**
 * An order whose status we do not know is not recorded (the pagos table allows only the known ones): it is an
 * answer we cannot read yet, like a timeout. The attempt stays in flight and reconciliation asks again.
 */
function knownStatus<T extends { status: unknown }>(order: T): T {
  if (isOrderStatus(order.status)) return order;
  throw new ProviderError(
    null,
    'unknown_order_status',
    `Mercado Pago answered an unknown order status: ${String(order.status)}`,
  );
}

function toProviderError(status: number, json: unknown, headers: Headers): ProviderError {
  const first = (json as { errors?: ApiErrorItem[] } | null)?.errors?.[0];
  const retryAfter = headers.get('retry-after');
  return new ProviderError(
    status,
    first?.code ?? `http_${status}`,
    first?.message ?? `Mercado Pago answered ${status}`,
    retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null,
  );
}
