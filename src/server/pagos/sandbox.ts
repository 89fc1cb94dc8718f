import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { sandboxOrders } from '#server/db/schema';
import type { OrderStatus } from '#shared/pagos';
import { SANDBOX_TOKEN_PREFIX, type SandboxTokenData } from '#shared/sandbox-token';
import {
  isRefunded,
  ProviderError,
  type CreateOrderBody,
  type Order,
  type OrdersProvider,
  type RefundAnswer,
} from './orders-api';

interface Outcome {
  status: OrderStatus;
  detail: string;
  paymentStatus: string;
}

/** The outcome Mercado Pago's test cards give for each cardholder name (mercadopago-notes.md); the mapping is ours. */
const OUTCOMES: Record<string, Outcome> = {
  APRO: { status: 'processed', detail: 'accredited', paymentStatus: 'processed' },
  OTHE: { status: 'failed', detail: 'rejected_by_issuer', paymentStatus: 'failed' },
  FUND: { status: 'failed', detail: 'insufficient_amount', paymentStatus: 'failed' },
  SECU: { status: 'failed', detail: 'bad_filled_card_data', paymentStatus: 'failed' },
  EXPI: { status: 'failed', detail: 'bad_filled_card_data', paymentStatus: 'failed' },
  FORM: { status: 'failed', detail: 'bad_filled_card_data', paymentStatus: 'failed' },
  CALL: { status: 'failed', detail: 'required_call_for_authorize', paymentStatus: 'failed' },
  CONT: { status: 'processing', detail: 'in_process', paymentStatus: 'processing' },
};

export function decodeSandboxToken(token: string): SandboxTokenData | null {
  if (!token.startsWith(SANDBOX_TOKEN_PREFIX)) return null;
  try {
    const data = JSON.parse(
      Buffer.from(token.slice(SANDBOX_TOKEN_PREFIX.length), 'base64url').toString('utf8'),
    ) as Partial<SandboxTokenData>;
    return typeof data.holder === 'string' && typeof data.last4 === 'string'
      ? { holder: data.holder, last4: data.last4 }
      : null;
  } catch {
    return null;
  }
}

export interface SandboxOptions {
  db: Db;
  now: () => Date;
  /** How long a CONT (pending) payment stays in process before it is approved. */
  pendingMs: number;
  /** Sends Mercado Pago's notification for an order whose state changed (to our own webhook). */
  notify: (orderId: string) => Promise<void>;
  log?: (msg: string, err?: unknown) => void;
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex').toUpperCase()}`;

/**
 * An offline stand-in for Mercado Pago's Orders API: same request and response shapes, outcomes decided by
 * the cardholder name of the test cards, orders kept in the database so a restart loses nothing.
 */
export class SandboxOrders implements OrdersProvider {
  readonly name = 'sandbox' as const;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: SandboxOptions) {}

  async createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
    if (!idempotencyKey || idempotencyKey.length > 128)
      throw new ProviderError(400, 'invalid_idempotency_key_length', 'X-Idempotency-Key must have 1 to 128 characters');
    const [existing] = await this.options.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.idempotencyKey, idempotencyKey));
    if (existing) return existing.order as Order;
    const payments = body.transactions?.payments ?? [];
    if (payments.length !== 1)
      throw new ProviderError(400, 'invalid_properties', 'automatic mode takes exactly one transaction');
    const sum = payments.reduce((s, p) => s + Number(p.amount), 0);
    if (Number(body.total_amount) !== sum)
      throw new ProviderError(400, 'invalid_total_amount', 'total_amount must equal the sum of the payments');

    const payment = payments[0]!;
    const token = decodeSandboxToken(payment.payment_method.token);
    const holder = token?.holder.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
    const outcome: Outcome = token
      ? (OUTCOMES[holder] ?? OUTCOMES.OTHE!)
      : { status: 'failed', detail: 'invalid_card_token', paymentStatus: 'failed' };
    const now = this.options.now();
    const order: Order = {
      id: newId('ORD01'),
      type: 'online',
      processing_mode: 'automatic',
      external_reference: body.external_reference,
      total_amount: body.total_amount,
      total_paid_amount: outcome.status === 'processed' ? body.total_amount : '0.00',
      status: outcome.status,
      status_detail: outcome.status === 'failed' ? 'failed' : outcome.detail,
      created_date: now.toISOString(),
      last_updated_date: now.toISOString(),
      payer: { email: body.payer.email },
      transactions: {
        payments: [
          {
            id: newId('PAY01'),
            amount: payment.amount,
            paid_amount: outcome.status === 'processed' ? payment.amount : '0.00',
            status: outcome.paymentStatus,
            status_detail: outcome.detail,
            payment_method: {
              id: payment.payment_method.id,
              type: payment.payment_method.type,
              installments: payment.payment_method.installments,
            },
          },
        ],
      },
    };
    const resolvesAt = outcome.status === 'processing' ? new Date(now.getTime() + this.options.pendingMs) : null;
    await this.options.db
      .insert(sandboxOrders)
      .values({ id: order.id, externalReference: order.external_reference, idempotencyKey, order, resolvesAt });
    if (resolvesAt) this.scheduleNotification(order.id);
    return order;
  }

  async getOrder(id: string): Promise<Order> {
    const [row] = await this.options.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id));
    if (!row) throw new ProviderError(404, 'order_not_found', 'Order not found');
    return this.settle(row.id, row.order as Order, row.resolvesAt);
  }

  async searchOrders(externalReference: string, begin: Date, end: Date): Promise<Order[]> {
    const rows = await this.options.db
      .select()
      .from(sandboxOrders)
      .where(
        and(
          eq(sandboxOrders.externalReference, externalReference),
          gte(sandboxOrders.createdAt, begin),
          lte(sandboxOrders.createdAt, end),
        ),
      );
    return Promise.all(rows.map((r) => this.settle(r.id, r.order as Order, r.resolvesAt)));
  }

  /**
   * A total refund, as Mercado Pago answers it: the order stays processed with status_detail refunded and a
   * processed refund in its list. The refund's id comes from the idempotency key, so a retry is the same refund.
   */
  async refundOrder(id: string, idempotencyKey: string): Promise<RefundAnswer> {
    if (!idempotencyKey || idempotencyKey.length > 128)
      throw new ProviderError(400, 'invalid_idempotency_key_length', 'X-Idempotency-Key must have 1 to 128 characters');
    const order = await this.getOrder(id);
    const refundId = `REF01${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24).toUpperCase()}`;
    const answer = (o: Order): RefundAnswer => ({
      id: o.id,
      status: o.status,
      status_detail: o.status_detail,
      transactions: { refunds: o.transactions.refunds ?? [] },
    });
    if (isRefunded(order)) {
      if (order.transactions.refunds?.some((r) => r.id === refundId)) return answer(order);
      throw new ProviderError(409, 'order_already_refunded', 'The order was already refunded');
    }
    if (order.status !== 'processed')
      throw new ProviderError(409, 'cannot_refund_order', 'Only orders with status processed can be refunded');
    const payment = order.transactions.payments[0]!;
    const refunded: Order = {
      ...order,
      status_detail: 'refunded',
      last_updated_date: this.options.now().toISOString(),
      transactions: {
        ...order.transactions,
        refunds: [{ id: refundId, transaction_id: payment.id ?? '', amount: payment.amount, status: 'processed' }],
      },
    };
    await this.options.db.update(sandboxOrders).set({ order: refunded }).where(eq(sandboxOrders.id, id));
    return answer(refunded);
  }

  /** Stops pending notifications (server shutdown, end of a test). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** A pending order whose moment has come is approved, as the bank would eventually do. */
  private async settle(id: string, order: Order, resolvesAt: Date | null): Promise<Order> {
    if (order.status !== 'processing' || !resolvesAt || resolvesAt > this.options.now()) return order;
    // Approved at its moment, however late someone asks: that is the approval time Mercado Pago would report.
    const at = resolvesAt.toISOString();
    const payment = order.transactions.payments[0]!;
    const settled: Order = {
      ...order,
      status: 'processed',
      status_detail: 'accredited',
      total_paid_amount: order.total_amount,
      last_updated_date: at,
      transactions: {
        payments: [{ ...payment, status: 'processed', status_detail: 'accredited', paid_amount: payment.amount }],
      },
    };
    await this.options.db
      .update(sandboxOrders)
      .set({ order: settled, resolvesAt: null })
      .where(eq(sandboxOrders.id, id));
    return settled;
  }

  /**
   * Re-arms the notifications of pending orders after a restart: their timers died with the old process, and
   * Mercado Pago would still notify. Returns how many. (Several instances may each re-arm one: the webhook
   * applies an order once.)
   */
  async resumePending(): Promise<number> {
    const rows = await this.options.db
      .select({ id: sandboxOrders.id, resolvesAt: sandboxOrders.resolvesAt })
      .from(sandboxOrders)
      .where(isNotNull(sandboxOrders.resolvesAt));
    const now = this.options.now().getTime();
    for (const row of rows) this.scheduleNotification(row.id, Math.max(0, row.resolvesAt!.getTime() - now));
    return rows.length;
  }

  private scheduleNotification(orderId: string, delayMs = this.options.pendingMs): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.options.notify(orderId).catch((err) => this.options.log?.('sandbox notification failed', err));
    }, delayMs + 50);
    timer.unref();
    this.timers.add(timer);
  }
}
