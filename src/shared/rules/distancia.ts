// How far a card says a business is. Apart from geo.ts (the area, rounding, distances on the globe and the plane,
// for the server, the owner's map and "Cerca mío"): the cards on every public page need only this (ADR 023).
import { onFirstUse } from '#shared/intl';

const kmFormat = onFirstUse(
  () => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const wholeKmFormat = onFirstUse(() => new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 }));

/** 347 → "a 350 m", 2280 → "a 2,3 km", 12400 → "a 12 km". */
export function formatDistancia(meters: number): string {
  const m = Math.max(0, meters);
  if (m < 995) return `a ${Math.max(10, Math.round(m / 10) * 10)} m`;
  if (m < 9_950) return `a ${kmFormat().format(m / 1000)} km`;
  return `a ${wholeKmFormat().format(m / 1000)} km`;
}
