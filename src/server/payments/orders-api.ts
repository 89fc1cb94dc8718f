/**
 * The parts of Mercado Pago's Orders API wire format we use (see ../shared/mercadopago-notes.md).
 * Both providers speak it, so everything after the provider call is shared code.
 */
export interface OrderPayment {
  id?: string;
  amount: string;
  paid_amount?: string;
  status?: string;
  status_detail?: string;
  payment_method: { id: string; type: string; token?: string; installments: number };
}

export interface Order {
  id: string;
  type: 'online';
  processing_mode: 'automatic';
  external_reference: string;
  total_amount: string;
  total_paid_amount?: string;
  status: string;
  status_detail: string;
  created_date?: string;
  last_updated_date?: string;
  payer?: { email: string; identification?: { type: string; number: string } };
  transactions: { payments: OrderPayment[] };
}

export interface CreateOrderBody {
  type: 'online';
  processing_mode: 'automatic';
  total_amount: string;
  external_reference: string;
  payer: { email: string; identification: { type: string; number: string } };
  transactions: { payments: Array<{ amount: string; payment_method: { id: string; type: string; token: string; installments: number } }> };
}

export interface ApiErrorItem {
  code: string;
  message: string;
  details?: string[];
}

/** A provider answer that is not an order: the HTTP status, Mercado Pago's error code, and when to retry. */
export class ProviderError extends Error {
  constructor(
    readonly httpStatus: number | null,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface OrdersProvider {
  readonly name: 'mercadopago' | 'sandbox';
  /** Creates and processes an order. A rejected card is still an order (status failed), not an error. */
  createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order>;
  getOrder(id: string): Promise<Order>;
  /** Orders created for an external reference between two moments (reconciliation after a crash). */
  searchOrders(externalReference: string, begin: Date, end: Date): Promise<Order[]>;
}

/** The reason a payment failed lives on the payment, not on the order ("failed"/"failed"). */
export function orderDetail(order: Order): string {
  const payment = order.transactions?.payments?.[0];
  if (order.status === 'failed' && payment?.status_detail) return payment.status_detail;
  return order.status_detail ?? payment?.status_detail ?? '';
}
