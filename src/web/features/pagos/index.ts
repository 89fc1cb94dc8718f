// The pagos feature's public entry: all that other features may import (eslint.config.js checks it).
import { lazy } from 'react';

export type { PaymentOutcome } from './api';
/** The payment dialog's code (and Mercado Pago's SDK when configured) loads only when an owner decides to pay. */
export const PaymentDialog = lazy(() => import('./PaymentDialog'));
