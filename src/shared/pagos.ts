import { PUBLICATION_FEE } from './constants';
// The order body's schema lives in schemas/pagos.ts: this module stays free of zod, for the web's first load.
export type { ProcessOrderBody } from './schemas/pagos';

/** Amounts travel as text ("450"); the server accepts only the publication fee. */
export function isPublicationFee(amount: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(amount.trim()) && Number(amount) === PUBLICATION_FEE;
}

/**
 * The statuses of a Mercado Pago order (Orders API). Only "processed" means paid. Mercado Pago spells the
 * cancelled state both ways, so both are kept.
 */
export const ORDER_STATUSES = [
  'created',
  'processed',
  'processing',
  'action_required',
  'failed',
  'cancelled',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What a payment attempt (a `pagos` row) can say: "pending" from the moment it is recorded until the provider
 * answers, then the order's status, or "error" when the provider refused the request (nothing was charged).
 * The table's CHECK constraint allows exactly these.
 */
export const PAGO_STATUSES = ['pending', ...ORDER_STATUSES, 'error'] as const;
export type PagoStatus = (typeof PAGO_STATUSES)[number];

/**
 * Attempts the provider is still deciding: one per business at most (a unique index), the owner cannot delete
 * the business meanwhile, reconciliation keeps asking about them, and the client shows them as pending.
 */
export const IN_FLIGHT_STATUSES = [
  'pending',
  'processing',
  'action_required',
  'created',
] as const satisfies readonly PagoStatus[];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

export function isInFlight(status: PagoStatus): boolean {
  return (IN_FLIGHT_STATUSES as readonly PagoStatus[]).includes(status);
}

export interface PaymentResult {
  /** The Orders API status; only "processed" means paid. */
  status: OrderStatus;
  status_detail: string;
  order_id: string | null;
  /** "Pago exitoso" or "Pago: rechazado (fondos insuficientes)". */
  mensaje: string;
}

export interface PaymentsConfig {
  provider: 'mercadopago' | 'sandbox';
  publicKey: string | null;
  amount: number;
}

/** The Spanish word for each order status, as the owner reads it in "Pago: {status}". */
const ORDER_STATUS_ES: Record<OrderStatus, string> = {
  created: 'creado',
  processed: 'aprobado',
  processing: 'en proceso',
  action_required: 'pendiente',
  failed: 'rechazado',
  cancelled: 'cancelado',
  canceled: 'cancelado',
  expired: 'vencido',
  refunded: 'devuelto',
  charged_back: 'contracargo',
};

const DETAIL_ES: Record<string, string> = {
  accredited: 'acreditado',
  partially_refunded: 'devuelto en parte',
  in_process: 'en revisión',
  waiting_payment: 'esperando el pago',
  waiting_capture: 'esperando la captura',
  waiting_transfer: 'esperando la transferencia',
  pending_challenge: 'esperando la verificación de la tarjeta',
  waiting_retry: 'esperando un nuevo intento',
  bad_filled_card_data: 'revisá los datos de la tarjeta',
  invalid_card_token: 'tarjeta no válida',
  high_risk: 'rechazado por seguridad',
  rejected_by_issuer: 'rechazado por el banco emisor',
  required_call_for_authorize: 'llamá a tu banco para autorizarlo',
  max_attempts_exceeded: 'demasiados intentos',
  card_disabled: 'tarjeta deshabilitada',
  insufficient_amount: 'fondos insuficientes',
  amount_limit_exceeded: 'supera el límite de la tarjeta',
  processing_error: 'error al procesar',
  invalid_installments: 'cuotas no válidas',
  '3ds_challenge_expired': 'venció la verificación de la tarjeta',
  cancelled: 'cancelado',
  canceled: 'cancelado',
  expired: 'vencido',
  refunded: 'devuelto',
};

/** Spec §4/§8: "Pago exitoso" for processed, otherwise "Pago: {status}" in Spanish with the reason. */
export function paymentMessage(status: OrderStatus, detail: string | null | undefined): string {
  if (status === 'processed') return 'Pago exitoso';
  const s = ORDER_STATUS_ES[status];
  const d = detail && detail !== status && detail !== 'failed' ? (DETAIL_ES[detail] ?? detail) : null;
  return d ? `Pago: ${s} (${d})` : `Pago: ${s}`;
}

export const PAYMENT_ERROR = 'Error al procesar el pago';
export const PAYMENT_FORM_ERROR = 'Error en el formulario de pago';

/** A ledger status in Spanish, for the owner's payment history ("aprobado", "rechazado", "en proceso"…). */
export function paymentStatusText(status: PagoStatus): string {
  if (status === 'pending') return 'en proceso';
  if (status === 'error') return 'no se pudo procesar';
  return ORDER_STATUS_ES[status];
}
