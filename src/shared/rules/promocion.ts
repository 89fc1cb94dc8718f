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

export const PROMO_VENCIDA_AL_GUARDAR = 'la fecha de vencimiento ya pasó. Elegí hoy o una fecha posterior.';

/**
 * Whether a promotion being saved would be expired on arrival: only a new one, or one whose expiry the owner
 * changed, is checked. A stored promotion that has since expired keeps its date (it shows as "Vencida" to its
 * owner until renewed or removed); an owner ends a current one by pausing or removing it, not by backdating it.
 */
export function vencidaAlGuardar(fechaVencimiento: string, stored: string | undefined, now: Date): boolean {
  return fechaVencimiento !== stored && isPromotionExpired(fechaVencimiento, now);
}
