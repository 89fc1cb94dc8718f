/**
 * How the device keeps its favourites in localStorage, without React: read by the app (favoritos.ts) and by the
 * offline page's own small bundle (src/web/offline), which must not bring the app's React with it.
 */

/** A business or promotion saved on this device, with the name it had (shown if it stops being published). */
export interface Favorito {
  kind: 'comercio' | 'promocion';
  id: number;
  nombre: string;
}

export const FAVORITOS_KEY = 'vidriera.favoritos';

export const isFavorito = (x: unknown): x is Favorito =>
  typeof x === 'object' &&
  x !== null &&
  ((x as Favorito).kind === 'comercio' || (x as Favorito).kind === 'promocion') &&
  Number.isInteger((x as Favorito).id) &&
  typeof (x as Favorito).nombre === 'string';
