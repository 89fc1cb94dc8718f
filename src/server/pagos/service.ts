import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { PUBLICATION_CURRENCY, PUBLICATION_FEE } from '#shared/constants';
import {
  IN_FLIGHT_STATUSES,
  isPublicationFee,
  paymentMessage,
  type PaymentResult,
  type ProcessOrderBody,
} from '#shared/pagos';
import { formatLongInstant } from '#shared/rules/dates-owner';
import { periodForApproval, renewalState, type Period } from '#shared/rules/renewal';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, pagos, user } from '#server/db/schema';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { enqueueReceipt } from '#server/mail/jobs';
import { recordAudit, type Actor } from '#server/operador/audit';
import { lockActiveAccount } from '#server/operador/suspension';
import {
  approvalTime,
  isRefunded,
  orderDetail,
  ProviderError,
  type CreateOrderBody,
  type Order,
  type OrdersProvider,
  type RefundAnswer,
} from './orders-api';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface PaymentsDeps {
  db: Db;
  provider: OrdersProvider;
  now: () => Date;
  /** Tells every instance that the public lists changed (a business was just published). */
  changed?: (changes?: ComercioChange[]) => Promise<void>;
  /** Test seam: runs between the provider's answer and our write (a crash there is what reconciliation fixes). */
  afterProviderAnswer?: (order: Order) => Promise<void>;
  /** Where settlement problems are reported (a refund the provider refused, an order we do not know). */
  log?: (msg: string, data: Record<string, unknown>) => void;
}

/** What an order's answer did to our ledger. */
export type ApplyOutcome = 'applied' | 'recorded' | 'refunded' | 'refund_pending';

const FEE = String(PUBLICATION_FEE);

/**
 * Charges the publication fee for one business. The server decides amount, currency and what is paid for;
 * the client only brings the card token and the payer. The attempt is recorded before the provider is called.
 */
export async function processOrder(deps: PaymentsDeps, userId: string, body: ProcessOrderBody): Promise<PaymentResult> {
  if (!isPublicationFee(body.total_amount) || !body.transactions.payments.every((p) => isPublicationFee(p.amount))) {
    throw badRequest(`El monto del pago debe ser de $ ${PUBLICATION_FEE}.`, 'invalid_amount');
  }
  const comercioId = Number(body.external_reference.slice('comercio_'.length));
  const idempotencyKey = randomUUID();

  const pagoId = await deps.db.transaction(async (tx) => {
    // Before the business's lock, in the suspension's order: a suspended account is never charged.
    await lockActiveAccount(tx, userId);
    const [comercio] = await tx.select().from(comercios).where(eq(comercios.id, comercioId)).for('update');
    if (!comercio) throw notFound('No encontramos este comercio.');
    if (comercio.propietarioId !== userId)
      throw new AppError(403, 'forbidden', 'Solo el dueño del comercio puede pagar su publicación.');
    // Paying would publish nothing while it is hidden (ADR 018): the owner is told why instead of being charged.
    if (comercio.ocultoMotivo) {
      throw new AppError(
        409,
        'comercio_oculto',
        `Este comercio está oculto por moderación (${comercio.ocultoMotivo}): no se puede pagar su publicación mientras siga oculto.`,
      );
    }
    // Inside the last 7 days a payment renews (its period starts when the current one ends); before, 409.
    const renewal = renewalState(comercio, deps.now());
    if (renewal.kind === 'too_early') {
      throw new AppError(
        409,
        'already_published',
        `Este comercio ya tiene una publicación vigente: podés renovarla desde el ${formatLongInstant(renewal.opensAt)}.`,
      );
    }
    const [inFlight] = await tx
      .select({ id: pagos.id })
      .from(pagos)
      .where(and(eq(pagos.comercioId, comercioId), inArray(pagos.status, IN_FLIGHT_STATUSES)));
    if (inFlight)
      throw new AppError(
        409,
        'payment_in_progress',
        'Ya hay un pago en curso para este comercio. Esperá a que termine.',
      );
    const [row] = await tx
      .insert(pagos)
      .values({
        comercioId,
        userId,
        externalReference: body.external_reference,
        provider: deps.provider.name,
        idempotencyKey,
        amount: FEE,
        currency: PUBLICATION_CURRENCY,
        status: 'pending',
      })
      .returning({ id: pagos.id });
    return row!.id;
  });

  const request: CreateOrderBody = {
    type: 'online',
    processing_mode: 'automatic',
    total_amount: FEE,
    external_reference: `comercio_${comercioId}`,
    payer: { email: body.payer.email, identification: body.payer.identification },
    transactions: {
      payments: [{ amount: FEE, payment_method: { ...body.transactions.payments[0]!.payment_method } }],
    },
  };

  let order: Order;
  try {
    order = await deps.provider.createOrder(request, idempotencyKey);
  } catch (err) {
    // Definitely not charged (4xx): close the attempt. Unknown (timeout, 5xx): leave it pending for reconciliation.
    const certain =
      err instanceof ProviderError && err.httpStatus !== null && err.httpStatus < 500 && err.httpStatus !== 429;
    await deps.db
      .update(pagos)
      .set({
        status: certain ? 'error' : 'pending',
        statusDetail: err instanceof ProviderError ? err.code : 'unexpected',
        rawResponse:
          err instanceof ProviderError ? { httpStatus: err.httpStatus, code: err.code, message: err.message } : null,
        updatedAt: sql`now()`,
      })
      .where(eq(pagos.id, pagoId));
    throw err instanceof ProviderError ? paymentError(err) : err;
  }

  await deps.afterProviderAnswer?.(order);
  await applyOrder(deps, pagoId, order);
  const detail = orderDetail(order);
  return {
    status: order.status,
    status_detail: detail,
    order_id: order.id,
    mensaje: paymentMessage(order.status, detail),
  };
}

function paymentError(err: ProviderError): AppError {
  if (err.httpStatus === 429) return new AppError(503, 'payment_busy', 'Error al procesar el pago');
  return new AppError(502, 'payment_error', 'Error al procesar el pago');
}

/** Who a payment's history row names: the owner who paid, confirmed by the provider (not a person's email). */
const PAYMENT_ACTOR = (userId: string | null): Actor => ({ id: userId, email: 'Mercado Pago' });

/**
 * Records what the provider says about an attempt and, when the order is processed, publishes the business,
 * in one transaction and at most once per payment (a repeated notification finds applied_at already set).
 * An approved payment whose business is gone (ADR 005: it can only happen when the business was removed
 * without going through the owner's delete, which refuses while a payment is in flight) is refunded in full.
 */
export async function applyOrder(
  deps: Pick<PaymentsDeps, 'db' | 'now' | 'changed' | 'provider' | 'log'>,
  pagoId: number,
  order: Order,
): Promise<ApplyOutcome> {
  let change: ComercioChange | undefined;
  const outcome = await deps.db.transaction(async (tx): Promise<ApplyOutcome | 'orphaned'> => {
    const [pago] = await tx.select().from(pagos).where(eq(pagos.id, pagoId)).for('update');
    if (!pago) return 'recorded';
    // A refund is final: a later notification showing the order as processed never turns it back.
    const refunded = pago.status === 'refunded' || isRefunded(order);
    await tx
      .update(pagos)
      .set({
        providerOrderId: order.id,
        status: refunded ? 'refunded' : order.status,
        statusDetail: refunded && pago.status === 'refunded' ? pago.statusDetail : orderDetail(order),
        rawResponse: order,
        updatedAt: sql`now()`,
      })
      .where(eq(pagos.id, pagoId));
    if (refunded) return pago.status === 'refunded' ? 'recorded' : 'refunded';
    if (order.status !== 'processed' || pago.appliedAt) return 'recorded';
    if (pago.comercioId === null) return 'orphaned';
    const published = await publish(tx, pago.comercioId, approvalTime(order, deps.now()), deps.now());
    change = published?.change;
    if (published) {
      // A charge that began before its owner's suspension (ADR 036): the period is the owner's, as paid, and
      // runs while the business stays hidden by the suspension; the history says so, for the operator who
      // decides whether to refund it. Read after the business's lock: a suspension committed before it is seen.
      const [owner] = pago.userId
        ? await tx.select({ suspendedAt: user.suspendedAt }).from(user).where(eq(user.id, pago.userId))
        : [];
      // The business history (ADR 018): the payment acts for its owner; the provider is who confirmed it.
      await recordAudit(tx, PAYMENT_ACTOR(pago.userId), {
        action: 'pagar_publicacion',
        targetType: 'comercio',
        targetId: pago.comercioId,
        after: {
          pagoId,
          desde: published.period.start,
          hasta: published.period.end,
          ...(owner?.suspendedAt ? { cuentaSuspendida: true } : {}),
        },
      });
    }
    await tx
      .update(pagos)
      .set({ appliedAt: deps.now(), periodStart: published?.period.start, periodEnd: published?.period.end })
      .where(eq(pagos.id, pagoId));
    // The receipt email is queued with the payment it proves: both or neither.
    if (published) {
      await enqueueReceipt(tx, {
        pagoId,
        comercioId: pago.comercioId,
        userId: pago.userId,
        periodEnd: published.period.end,
        now: deps.now(),
      });
    }
    return 'applied';
  });
  if (outcome === 'applied' && change) await deps.changed?.([change]);
  if (outcome === 'orphaned') return refundPago(deps, pagoId, order.id);
  return outcome;
}

/**
 * Gives an approved payment back (its business no longer exists). The idempotency key is derived from the
 * attempt, so a retry after a timeout is the same refund, never a second one. If the provider cannot be
 * reached the attempt stays processed and unapplied, and reconciliation tries again.
 */
async function refundPago(
  deps: Pick<PaymentsDeps, 'db' | 'provider' | 'log'>,
  pagoId: number,
  orderId: string,
): Promise<ApplyOutcome> {
  const [pago] = await deps.db.select().from(pagos).where(eq(pagos.id, pagoId));
  if (!pago || pago.status !== 'processed' || pago.appliedAt) return 'recorded';
  let refund: RefundAnswer;
  try {
    refund = await deps.provider.refundOrder(orderId, `refund-${pago.idempotencyKey}`);
    if (!isRefunded(refund))
      throw new ProviderError(null, 'refund_not_confirmed', 'The refund answer does not show a refund');
  } catch (err) {
    const already = err instanceof ProviderError && err.code === 'order_already_refunded';
    const order = already ? await deps.provider.getOrder(orderId).catch(() => null) : null;
    if (!order || !isRefunded(order)) {
      deps.log?.('refund of a payment without its business failed; reconciliation will retry', {
        pagoId,
        orderId,
        err,
      });
      return 'refund_pending';
    }
    refund = order;
  }
  const detail = refund.transactions?.refunds?.[0]?.status === 'processing' ? 'refund_in_process' : 'refunded';
  await deps.db
    .update(pagos)
    .set({
      status: 'refunded',
      statusDetail: detail,
      rawResponse: { order: pago.rawResponse, refund },
      updatedAt: sql`now()`,
    })
    .where(and(eq(pagos.id, pagoId), eq(pagos.status, 'processed'), isNull(pagos.appliedAt)));
  deps.log?.('refunded an approved payment whose business no longer exists', { pagoId, orderId, userId: pago.userId });
  return 'refunded';
}

/**
 * Publishes the period the payment bought. fecha_pago holds the start of the latest paid period: the approval,
 * or for a renewal the end of the publication it continues (then in the future, and the rule still holds:
 * published while fewer than 30 days have passed since it, ADR 002 amended).
 */
async function publish(
  tx: Tx,
  comercioId: number,
  approvedAt: Date,
  now: Date,
): Promise<{ change: ComercioChange; period: Period } | undefined> {
  const [before] = await tx.select().from(comercios).where(eq(comercios.id, comercioId)).for('update');
  if (!before) return undefined;
  const period = periodForApproval(before, approvedAt);
  const [after] = await tx
    .update(comercios)
    .set({ pagoStatus: true, fechaPago: period.start, updatedAt: sql`now()` })
    .where(eq(comercios.id, comercioId))
    .returning();
  return {
    period,
    change: {
      id: comercioId,
      before: snapshotOf(before, now),
      after: snapshotOf(after!, now),
      comercio: true,
      promociones: true,
    },
  };
}

/**
 * A notification names an order; its real state comes from the provider, never from the notification.
 * Finds our attempt by order id, or (if we crashed before saving the id) by its external reference.
 */
export async function handleOrderNotification(deps: PaymentsDeps, orderId: string): Promise<ApplyOutcome | 'unknown'> {
  const order = await deps.provider.getOrder(orderId);
  const [byId] = await deps.db.select({ id: pagos.id }).from(pagos).where(eq(pagos.providerOrderId, order.id));
  if (byId) return applyOrder(deps, byId.id, order);
  const [orphan] = await deps.db
    .select({ id: pagos.id })
    .from(pagos)
    .where(
      and(
        eq(pagos.externalReference, order.external_reference),
        isNull(pagos.providerOrderId),
        inArray(pagos.status, IN_FLIGHT_STATUSES),
      ),
    )
    .orderBy(pagos.createdAt)
    .limit(1);
  if (orphan) return applyOrder(deps, orphan.id, order);
  return 'unknown';
}

/**
 * Settles attempts that never got a final answer (a crash after the charge, a timeout, a pending card):
 * asks the provider for the order, by id when we have it, else by external reference around the attempt.
 */
export async function reconcilePayments(
  deps: PaymentsDeps,
  olderThanMs = 60_000,
  opts: { atStartup?: boolean } = {},
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - olderThanMs);
  // In flight without a final answer, or approved but neither applied nor refunded yet (a refund that failed).
  const unsettled = or(
    inArray(pagos.status, IN_FLIGHT_STATUSES),
    and(eq(pagos.status, 'processed'), isNull(pagos.appliedAt)),
  );
  // At startup, an attempt the provider already answered (it has an order id) cannot be mid-call anywhere:
  // ask about it now instead of waiting for it to age. One without an order id may be another instance's call.
  const due = opts.atStartup
    ? or(lt(pagos.updatedAt, cutoff), isNotNull(pagos.providerOrderId))
    : lt(pagos.updatedAt, cutoff);
  const stale = await deps.db.select().from(pagos).where(and(unsettled, due));
  let settled = 0;
  for (const pago of stale) {
    try {
      let order: Order | undefined;
      if (pago.providerOrderId) {
        order = await deps.provider.getOrder(pago.providerOrderId);
      } else {
        const begin = new Date(pago.createdAt.getTime() - 60_000);
        const end = new Date(Math.min(deps.now().getTime(), pago.createdAt.getTime() + 24 * 3600_000));
        const known = (
          await deps.db
            .select({ id: pagos.providerOrderId })
            .from(pagos)
            .where(eq(pagos.externalReference, pago.externalReference))
        )
          .map((r) => r.id)
          .filter(Boolean);
        order = (await deps.provider.searchOrders(pago.externalReference, begin, end)).find(
          (o) => !known.includes(o.id),
        );
      }
      if (order) {
        if ((await applyOrder(deps, pago.id, order)) !== 'refund_pending') settled++;
      } else if (pago.createdAt.getTime() < deps.now().getTime() - 24 * 3600_000) {
        // A day without any order from the provider: the charge never happened.
        await deps.db
          .update(pagos)
          .set({ status: 'error', statusDetail: 'no_order_found', updatedAt: sql`now()` })
          .where(eq(pagos.id, pago.id));
      }
    } catch {
      // The provider is unreachable now: the next round tries again.
    }
  }
  return settled;
}
