import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Comprobante, PagoHistorialItem } from '#shared/comprobantes';
import { medioDePagoText } from '#shared/comprobantes';
import { paymentStatusText } from '#shared/pagos';
import type { Db } from '#server/db/client';
import { comercios, pagos } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { approvalTime, type Order } from './orders-api';

/** A business's payments, newest first, for its owner only (another account gets the same 404 as no business). */
export async function pagosDeComercio(db: Db, userId: string, comercioId: number): Promise<PagoHistorialItem[]> {
  const [comercio] = await db
    .select({ owner: comercios.propietarioId })
    .from(comercios)
    .where(eq(comercios.id, comercioId));
  if (!comercio || comercio.owner !== userId) throw notFound('No encontramos este comercio.');
  const rows = await db
    .select()
    .from(pagos)
    .where(eq(pagos.comercioId, comercioId))
    .orderBy(desc(pagos.createdAt), desc(pagos.id));
  return rows.map((p) => ({
    id: p.id,
    fecha: p.createdAt.toISOString(),
    status: p.status,
    estado: paymentStatusText(p.status),
    monto: Number(p.amount),
    moneda: p.currency,
    periodoDesde: p.periodStart?.toISOString() ?? null,
    periodoHasta: p.periodEnd?.toISOString() ?? null,
    comprobante: hasReceipt(p),
  }));
}

type PagoRow = typeof pagos.$inferSelect;

/** Only a processed payment that published (or renewed) a business has a receipt. */
function hasReceipt(p: PagoRow): boolean {
  return p.status === 'processed' && p.appliedAt !== null && p.periodStart !== null && p.periodEnd !== null;
}

/** The receipt of one of the caller's processed payments; anything else (someone else's, unpaid) is a 404. */
export async function comprobante(db: Db, userId: string, pagoId: number): Promise<Comprobante> {
  const [row] = await db
    .select({ pago: pagos, nombre: comercios.nombre })
    .from(pagos)
    .leftJoin(comercios, eq(comercios.id, pagos.comercioId))
    .where(and(eq(pagos.id, pagoId), eq(pagos.userId, userId), isNotNull(pagos.appliedAt)));
  if (!row || !hasReceipt(row.pago)) throw notFound('No encontramos este comprobante.');
  const p = row.pago;
  const order = p.rawResponse as Partial<Order> | null;
  return {
    pagoId: p.id,
    comercio: { id: p.comercioId, nombre: row.nombre ?? 'Comercio eliminado' },
    monto: Number(p.amount),
    moneda: p.currency,
    fecha: approvalTime(order ?? {}, p.appliedAt!).toISOString(),
    periodoDesde: p.periodStart!.toISOString(),
    periodoHasta: p.periodEnd!.toISOString(),
    medioDePago: medioDePagoText(order?.transactions?.payments?.[0]?.payment_method),
    ordenId: p.providerOrderId,
    proveedor: p.provider === 'mercadopago' ? 'mercadopago' : 'sandbox',
  };
}
