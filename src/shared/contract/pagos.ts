import type { Comprobante, PagosDeComercio } from '#shared/comprobantes';
import type { PaymentResult, PaymentsConfig } from '#shared/pagos';
import { processOrderSchema } from '#shared/schemas/pagos';
import { idParam } from '#shared/schemas/queries';
import { endpoint } from './endpoint';

/** Payments (spec §7); the paths keep Mercado Pago's names, which its notifications are configured with. */
export const pagos = {
  config: endpoint<PaymentsConfig>()({ method: 'GET', path: '/api/payments/config' }),
  processOrder: endpoint<PaymentResult>()({
    method: 'POST',
    path: '/api/payments/process_order',
    auth: true,
    body: processOrderSchema,
  }),
  /**
   * Mercado Pago's (or the sandbox's) order notification. Signed, and read as Mercado Pago sends it (data.id in
   * the query or the body), so it has no schema of ours; never called by the web client.
   */
  webhook: endpoint<{ received: true; outcome?: string }>()({ method: 'POST', path: '/api/payments/webhook' }),
  /** A business's payments from the ledger, newest first (its owner only). */
  historial: endpoint<PagosDeComercio>()({
    method: 'GET',
    path: '/api/comercios/:id/pagos',
    auth: true,
    params: idParam,
  }),
  /** The receipt of a processed payment of the caller's (404 for anything else). */
  comprobante: endpoint<Comprobante>()({
    method: 'GET',
    path: '/api/pagos/:id/comprobante',
    auth: true,
    params: idParam,
  }),
};
