import { contract } from '#shared/contract';
import { isInFlight, isOrderStatus, PAYMENT_ERROR, type PaymentResult, type ProcessOrderBody } from '#shared/pagos';
import { ApiError, api } from '#web/lib/api';
import { isOffline } from '#web/lib/online';

/**
 * Nothing was sent: the browser had no connection when the owner pressed Pagar. It starts with the spec's words
 * for a network failure (§8 "Error al procesar el pago"), then says what the owner needs to know.
 */
export const PAYMENT_OFFLINE = `${PAYMENT_ERROR}: no hay conexión, así que no se cobró nada. Probá de nuevo cuando vuelva la conexión.`;
/** The request left but no answer came back: we cannot tell whether it was charged, so we do not say it was not. */
export const PAYMENT_CONNECTION_LOST = `${PAYMENT_ERROR}: se cortó la conexión y no sabemos si llegó. Revisá el estado de tu comercio en unos segundos antes de volver a intentar.`;

/** What a business card shows after a payment attempt (spec §4: Pago exitoso, Pago: {status}, or an error). */
export interface PaymentOutcome {
  tone: 'success' | 'pending' | 'error';
  text: string;
  /** What to do next, shown under the text (a refused card: try another one). */
  nextStep?: string;
}

/** Under a payment the provider refused: the spec's "Pago: {status}" stays as it is, this line says what to do. */
export const PAYMENT_NEXT_STEP = 'Probá con otra tarjeta o medio de pago.';

/**
 * The server's own message (spec §4), as it wrote it. An order the provider is still deciding is pending: the
 * card waits for the webhook to publish the business.
 */
export function outcomeOf(result: PaymentResult): PaymentOutcome {
  const text = result.mensaje;
  if (result.status === 'processed') return { tone: 'success', text };
  if (isInFlight(result.status)) return { tone: 'pending', text };
  return { tone: 'error', text, nextStep: PAYMENT_NEXT_STEP };
}

/** A refusal from our server with its own Spanish reason (already published, payment in progress…) is shown as is. */
export function outcomeOfError(err: unknown): PaymentOutcome {
  if (err instanceof ApiError && err.status === 0 && err.code === 'network_error') {
    return { tone: 'error', text: isOffline() ? PAYMENT_OFFLINE : PAYMENT_CONNECTION_LOST };
  }
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'invalid_response') {
    return { tone: 'error', text: err.message };
  }
  return { tone: 'error', text: PAYMENT_ERROR };
}

function isPaymentResult(value: unknown): value is PaymentResult {
  if (typeof value !== 'object' || value === null) return false;
  const { status, mensaje } = value as { status?: unknown; mensaje?: unknown };
  return isOrderStatus(status) && typeof mensaje === 'string' && mensaje !== '';
}

/** POST process_order; never throws: every failure becomes the text to show. Offline, nothing is sent. */
export async function submitOrder(body: ProcessOrderBody): Promise<PaymentOutcome> {
  if (isOffline()) return { tone: 'error', text: PAYMENT_OFFLINE };
  try {
    const result: unknown = await api(contract.pagos.processOrder, { body });
    // Checked anyway: a proxy or a half-written answer must not be read as a payment's outcome.
    return isPaymentResult(result) ? outcomeOf(result) : { tone: 'error', text: PAYMENT_ERROR };
  } catch (err) {
    return outcomeOfError(err);
  }
}
