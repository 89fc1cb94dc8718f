import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { RefundBody } from '#shared/operador';
import { publicationAfterRefund } from '#shared/rules/refund-periods';
import { snapshotOf, type ComercioChange } from '#server/cache/scope';
import type { Db } from '#server/db/client';
import { comercios, pagos } from '#server/db/schema';
import { AppError, notFound } from '#server/http/errors';
import { isRefunded, ProviderError, type OrdersProvider, type RefundAnswer } from '#server/pagos/orders-api';
import { recordAudit, type Actor } from './audit';

/**
 * Refunds a processed payment in full through the provider (Orders API POST /v1/orders/{id}/refund, the
 * sandbox answers the same), then records it in the ledger and, if asked, ends the publication it bought,
 * with its audit row, in one transaction. The provider is called first: if it refuses, nothing changes.
 */
export async function refundPago(
  deps: { db: Db; provider: OrdersProvider },
  actor: Actor,
  pagoId: number,
  body: Pick<RefundBody, 'motivo' | 'publicacion'>,
  now: Date,
): Promise<ComercioChange | null> {
  const [pago] = await deps.db.select().from(pagos).where(eq(pagos.id, pagoId));
  if (!pago) throw notFound('No encontramos este pago.');
  if (pago.status !== 'processed' || !pago.providerOrderId)
    throw new AppError(409, 'not_refundable', 'Solo se pueden reembolsar pagos acreditados.');
  const orderId = pago.providerOrderId;
  let refund: RefundAnswer;
  try {
    // The key is the payment's own: a retry (double click, two operators) is the same refund, never a second.
    refund = await deps.provider.refundOrder(orderId, `refund-${pago.idempotencyKey}`);
  } catch (err) {
    const already = err instanceof ProviderError && err.code === 'order_already_refunded';
    const order = already ? await deps.provider.getOrder(orderId).catch(() => null) : null;
    if (!order || !isRefunded(order)) {
      throw new AppError(
        502,
        'refund_failed',
        'Mercado Pago no aceptó el reembolso. No cambió nada: revisá el pago y volvé a intentar.',
      );
    }
    refund = order;
  }
  if (!isRefunded(refund))
    throw new AppError(
      502,
      'refund_failed',
      'Mercado Pago no confirmó el reembolso. Volvé a intentar en unos minutos.',
    );
  const detail = refund.transactions?.refunds?.[0]?.status === 'processing' ? 'refund_in_process' : 'refunded';

  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(pagos).where(eq(pagos.id, pagoId)).for('update');
    if (!locked || locked.status !== 'processed')
      throw new AppError(409, 'not_refundable', 'Este pago ya fue reembolsado.');
    await tx
      .update(pagos)
      .set({
        status: 'refunded',
        statusDetail: detail,
        rawResponse: { order: locked.rawResponse, refund },
        updatedAt: sql`now()`,
      })
      .where(eq(pagos.id, pagoId));
    let change: ComercioChange | null = null;
    let publicacion: 'terminada' | 'mantenida' | 'sin_publicacion' = 'sin_publicacion';
    let hasta: Date | null | undefined;
    const movidos: Array<{ pagoId: number; desde: Date; hasta: Date }> = [];
    if (locked.comercioId && locked.appliedAt) {
      const [before] = await tx.select().from(comercios).where(eq(comercios.id, locked.comercioId)).for('update');
      // Only while the period this payment bought has not ended: a period over is nothing left to end.
      const live = locked.periodEnd ? locked.periodEnd.getTime() > now.getTime() : await isLatest(tx, locked);
      if (before?.pagoStatus && live) {
        publicacion = 'mantenida';
        if (body.publicacion === 'terminar') {
          // Ends this period only (ADR 036): the publication keeps the periods other payments bought.
          const stillPaid = await tx
            .select({ id: pagos.id, start: pagos.periodStart, end: pagos.periodEnd })
            .from(pagos)
            .where(
              and(
                eq(pagos.comercioId, before.id),
                eq(pagos.status, 'processed'),
                isNotNull(pagos.appliedAt),
                ne(pagos.id, pagoId),
              ),
            );
          const left = publicationAfterRefund(
            stillPaid.flatMap((p) => (p.start && p.end ? [{ id: p.id, start: p.start, end: p.end }] : [])),
            now,
          );
          for (const p of left.moved) {
            await tx.update(pagos).set({ periodStart: p.start, periodEnd: p.end }).where(eq(pagos.id, p.id));
            movidos.push({ pagoId: p.id, desde: p.start, hasta: p.end });
          }
          const [after] = await tx
            .update(comercios)
            .set({ pagoStatus: left.fechaPago !== null, fechaPago: left.fechaPago, updatedAt: sql`now()` })
            .where(eq(comercios.id, before.id))
            .returning();
          publicacion = 'terminada';
          hasta = left.periods.at(-1)?.end ?? null;
          change = {
            id: before.id,
            before: snapshotOf(before, now),
            after: snapshotOf(after!, now),
            comercio: true,
            promociones: true,
          };
        }
      }
    }
    await recordAudit(tx, actor, {
      action: 'reembolsar_pago',
      targetType: 'pago',
      targetId: pagoId,
      reason: body.motivo,
      before: { status: locked.status, comercioId: locked.comercioId },
      after: {
        status: 'refunded',
        statusDetail: detail,
        publicacion,
        ...(hasta !== undefined ? { publicacionHasta: hasta } : {}),
        ...(movidos.length ? { periodosMovidos: movidos } : {}),
        refundId: refund.transactions?.refunds?.[0]?.id ?? null,
      },
    });
    return change;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A payment recorded before periods were: its publication is the business's latest applied payment's. */
async function isLatest(tx: Tx, pago: { id: number; comercioId: number | null }): Promise<boolean> {
  const [latest] = await tx
    .select({ id: pagos.id })
    .from(pagos)
    .where(and(eq(pagos.comercioId, pago.comercioId!), isNotNull(pagos.appliedAt)))
    .orderBy(desc(pagos.appliedAt), desc(pagos.id))
    .limit(1);
  return latest?.id === pago.id;
}
