import { PUBLICATION_DAYS } from '#shared/constants';
import { addDays, daysUntil, mendozaDate } from './dates';

export interface PaymentFields {
  pagoStatus: boolean;
  fechaPago: Date | string | null;
  /** Set while an operator (or its owner's suspension) hides the business: never published meanwhile. */
  ocultoMotivo?: string | null;
}

export type PublicationState =
  { kind: 'unpaid' } | { kind: 'active'; paidUntil: Date } | { kind: 'expired'; expiredAt: Date };

/**
 * The publication rule: published while paid and fewer than 30 full days (30 × 24 h; Mendoza has no DST)
 * have passed since fecha_pago. The database applies the same rule in its queries (publishedSql).
 */
export function publicationState(c: PaymentFields, now: Date): PublicationState {
  if (!c.pagoStatus || !c.fechaPago) return { kind: 'unpaid' };
  const expiresAt = addDays(new Date(c.fechaPago), PUBLICATION_DAYS);
  return now.getTime() < expiresAt.getTime()
    ? { kind: 'active', paidUntil: expiresAt }
    : { kind: 'expired', expiredAt: expiresAt };
}

/** Published: paid within the last 30 days and not hidden (the paid time keeps running while hidden). */
export function isPublished(c: PaymentFields, now: Date): boolean {
  return !c.ocultoMotivo && publicationState(c, now).kind === 'active';
}

/** Days left of an active publication, in Mendoza calendar days: "quedan 12 días", "queda 1 día", "vence hoy". */
export function daysLeftText(paidUntil: Date, now: Date): string {
  const days = daysUntil(mendozaDate(paidUntil), now);
  if (days <= 0) return 'vence hoy';
  return days === 1 ? 'queda 1 día' : `quedan ${days} días`;
}
