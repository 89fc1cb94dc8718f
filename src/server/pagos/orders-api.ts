import type { OrderStatus } from '#shared/pagos';

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
  status: OrderStatus;
  status_detail: string;
  created_date?: string;
  last_updated_date?: string;
  payer?: { email: string; identification?: { type: string; number: string } };
  transactions: { payments: OrderPayment[]; refunds?: OrderRefund[] };
}

/** A refund of an order's payment: status "processing" while it goes through, then "processed". */
export interface OrderRefund {
  id: string;
  transaction_id: string;
  reference_id?: string;
  amount: string;
  status: string;
}

/** What POST /v1/orders/{id}/refund answers (201): the order's id and state with its refunds, not the whole order. */
export interface RefundAnswer {
  id: string;
  status: OrderStatus;
  status_detail: string;
  transactions?: { refunds?: OrderRefund[] };
}

export interface CreateOrderBody {
  type: 'online';
  processing_mode: 'automatic';
  total_amount: string;
  external_reference: string;
  payer: { email: string; identification: { type: string; number: string } };
  transactions: {
    payments: Array<{
      amount: string;
      payment_method: { id: string; type: string; token: string; installments: number };
    }>;
  };
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
  /**
   * Refunds a processed order in full (no body = total refund). A repeated call with the same key is the same
   * refund; an order refunded before answers 409 order_already_refunded.
   */
  refundOrder(id: string, idempotencyKey: string): Promise<RefundAnswer>;
}

/**
 * Whether an order (or a refund answer) says the money went back. The docs disagree on the shape: the order
 * becomes refunded/refunded, or stays processed with status_detail refunded; a refund in the list also counts.
 */
export function isRefunded(
  order: Pick<Order, 'status' | 'status_detail'> & { transactions?: { refunds?: OrderRefund[] } },
): boolean {
  return (
    order.status === 'refunded' ||
    order.status_detail === 'refunded' ||
    Boolean(order.transactions?.refunds?.some((r) => r.status === 'processed' || r.status === 'processing'))
  );
}

/** The reason a payment failed lives on the payment, not on the order ("failed"/"failed"). */
export function orderDetail(order: Order): string {
  const payment = order.transactions?.payments?.[0];
  if (order.status === 'failed' && payment?.status_detail) return payment.status_detail;
  return order.status_detail ?? payment?.status_detail ?? '';
}

/**
 * When the provider approved a processed order: its last update (a processed order changes no more until a
 * refund). fecha_pago is this moment, not when our webhook or reconciliation heard of it. A time in our
 * future (clock skew) or missing falls back to now.
 */
export function approvalTime(order: Pick<Order, 'last_updated_date' | 'created_date'>, now: Date): Date {
  const at = Date.parse(order.last_updated_date ?? order.created_date ?? '');
  return Number.isFinite(at) && at <= now.getTime() ? new Date(at) : now;
}
