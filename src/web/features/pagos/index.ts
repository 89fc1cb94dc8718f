// The pagos feature's public entry: all that other features may import (eslint.config.js checks it).
import { lazy } from 'react';

export type { PaymentOutcome } from './api';
const loadPaymentDialog = () => import('./PaymentDialog');
/** The payment dialog's code (and Mercado Pago's SDK when configured) is not part of any view's own chunk. */
export const PaymentDialog = lazy(loadPaymentDialog);
/**
 * Fetches the dialog's code ahead, from the views that offer to pay: loaded only on the tap, an owner whose
 * connection had dropped got the error page in place of the whole view instead of the dialog's offline message.
 */
export function prefetchPaymentDialog(): void {
  loadPaymentDialog().catch(() => {});
}
export { pagoQueries } from './config';
