import { DEFAULT_DISTANCIA, LOCALIDAD_LABELS } from '#shared/constants';
import { onFirstUse } from '#shared/intl';
import { normalizeLocalidad } from '#shared/localidad';

const ratingFormat = onFirstUse(
  () => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** 4.5 → "4,5"; null for 0 (a new business without ratings). */
export function formatRating(rating: number): string | null {
  return Number.isFinite(rating) && rating > 0 ? ratingFormat().format(Math.min(rating, 5)) : null;
}

export function localidadLabel(localidad: string): string {
  return LOCALIDAD_LABELS[normalizeLocalidad(localidad)];
}

/** The stored placeholder "-- km" says nothing: hide it. */
export function visibleDistancia(distancia: string | null | undefined): string | null {
  const d = distancia?.trim();
  return d && d !== DEFAULT_DISTANCIA ? d : null;
}
