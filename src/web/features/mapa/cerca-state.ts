import type { LatLng } from '#shared/rules/geo';

export type CercaMioState =
  { status: 'off' } | { status: 'locating' } | { status: 'on'; near: LatLng } | { status: 'failed'; message: string };

/** Also what a failed load of the locating code says (locate.ts holds the other messages). */
export const CERCA_UNAVAILABLE =
  'No pudimos saber dónde estás. Probá de nuevo en un rato; mientras tanto te mostramos la lista de siempre.';
