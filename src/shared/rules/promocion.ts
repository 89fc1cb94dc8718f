import { URGENCY_DAYS } from '#shared/constants';
import { daysUntil } from './dates';

/** A promotion stays valid through the whole of its expiry day, in Mendoza time. */
export function isPromotionExpired(fechaVencimiento: string, now: Date): boolean {
  return daysUntil(fechaVencimiento, now) < 0;
}

/** The urgency countdown text, or null when more than 7 days are left (or it already expired). */
export function countdownText(fechaVencimiento: string, now: Date): string | null {
  const days = daysUntil(fechaVencimiento, now);
  if (days < 0 || days > URGENCY_DAYS) return null;
  if (days === 0) return 'Vence hoy';
  if (days === 1) return 'Queda 1 día';
  return `Quedan ${days} días`;
}
