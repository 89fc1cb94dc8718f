import { isPromotionExpired } from './promocion';

/** Apart from ./promocion.ts, which every public page loads: only the owner's form and the server need this. */
export const PROMO_VENCIDA_AL_GUARDAR = 'la fecha de vencimiento ya pasó. Elegí hoy o una fecha posterior.';

/**
 * Whether a promotion being saved would be expired on arrival: only a new one, or one whose expiry the owner
 * changed, is checked. A stored promotion that has since expired keeps its date (it shows as "Vencida" to its
 * owner until renewed or removed); an owner ends a current one by pausing or removing it, not by backdating it.
 */
export function vencidaAlGuardar(fechaVencimiento: string, stored: string | undefined, now: Date): boolean {
  return fechaVencimiento !== stored && isPromotionExpired(fechaVencimiento, now);
}
