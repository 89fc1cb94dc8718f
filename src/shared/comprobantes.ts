/** What the owner reads about their payments: the history of a business and the receipt of a processed payment. */

export interface PagoHistorialItem {
  id: number;
  /** When the attempt was made (ISO). */
  fecha: string;
  status: string;
  /** The status in Spanish ("aprobado", "rechazado"…). */
  estado: string;
  monto: number;
  moneda: string;
  /** The 30 days it bought (ISO), for an applied payment; null otherwise. */
  periodoDesde: string | null;
  periodoHasta: string | null;
  /** Whether a receipt exists (only processed, applied payments have one). */
  comprobante: boolean;
}

export interface PagosDeComercio {
  items: PagoHistorialItem[];
}

export interface Comprobante {
  pagoId: number;
  comercio: { id: number | null; nombre: string };
  monto: number;
  moneda: string;
  /** When the payment was approved (ISO). */
  fecha: string;
  periodoDesde: string;
  periodoHasta: string;
  /** "Visa · tarjeta de crédito · 1 cuota". */
  medioDePago: string;
  /** The provider's order id (Mercado Pago's, or the sandbox's). */
  ordenId: string | null;
  proveedor: 'mercadopago' | 'sandbox';
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  naranja: 'Naranja',
  cabal: 'Cabal',
  maestro: 'Maestro',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  debcabal: 'Cabal Débito',
  tarshop: 'Tarjeta Shopping',
  argencard: 'Argencard',
  cencosud: 'Cencosud',
  diners: 'Diners',
};

const TYPES: Record<string, string> = {
  credit_card: 'tarjeta de crédito',
  debit_card: 'tarjeta de débito',
  prepaid_card: 'tarjeta prepaga',
};

/** Mercado Pago's payment_method (id, type, installments) in Spanish words. */
export function medioDePagoText(method: { id?: string; type?: string; installments?: number } | undefined): string {
  if (!method?.id) return 'Tarjeta';
  const brand = BRANDS[method.id] ?? method.id.charAt(0).toUpperCase() + method.id.slice(1);
  const parts = [brand];
  if (method.type) parts.push(TYPES[method.type] ?? method.type);
  if (method.installments) parts.push(method.installments === 1 ? '1 cuota' : `${method.installments} cuotas`);
  return parts.join(' · ');
}
