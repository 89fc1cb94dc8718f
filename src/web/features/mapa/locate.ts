import { isInsideMendoza, roundCoord } from '#shared/rules/geo';
import { CERCA_UNAVAILABLE, type CercaMioState } from './cerca-state';

export const CERCA_MESSAGES = {
  denied:
    'No nos diste permiso para ver tu ubicación. Si querés ver lo que está cerca, habilitala en tu navegador; mientras tanto te mostramos la lista de siempre.',
  unavailable: CERCA_UNAVAILABLE,
  outside: 'Estás fuera del Gran Mendoza, así que te mostramos la lista de siempre.',
} as const;

const GEO_TIMEOUT_MS = 10_000;

/**
 * Asks the browser for the position (the visitor tapped "Cerca mío"): on, or failed with what to tell them.
 * Loaded on that tap (useCercaMio), so no page's first load carries it.
 */
export function locate(): Promise<Exclude<CercaMioState, { status: 'off' } | { status: 'locating' }>> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      resolve({ status: 'failed', message: CERCA_MESSAGES.unavailable });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const near = { lat: roundCoord(coords.latitude), lng: roundCoord(coords.longitude) };
        resolve(isInsideMendoza(near) ? { status: 'on', near } : { status: 'failed', message: CERCA_MESSAGES.outside });
      },
      (error) =>
        resolve({
          status: 'failed',
          message: error.code === error.PERMISSION_DENIED ? CERCA_MESSAGES.denied : CERCA_MESSAGES.unavailable,
        }),
      { enableHighAccuracy: false, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
