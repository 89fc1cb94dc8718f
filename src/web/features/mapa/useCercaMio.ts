import { useCallback, useState } from 'react';
import { isInsideMendoza, roundCoord, type LatLng } from '#shared/rules/geo';

export type CercaMioState =
  { status: 'off' } | { status: 'locating' } | { status: 'on'; near: LatLng } | { status: 'failed'; message: string };

export const CERCA_MESSAGES = {
  denied:
    'No nos diste permiso para ver tu ubicación. Si querés ver lo que está cerca, habilitala en tu navegador; mientras tanto te mostramos la lista de siempre.',
  unavailable:
    'No pudimos saber dónde estás. Probá de nuevo en un rato; mientras tanto te mostramos la lista de siempre.',
  outside: 'Estás fuera del Gran Mendoza, así que te mostramos la lista de siempre.',
} as const;

const GEO_TIMEOUT_MS = 10_000;

/**
 * "Cerca mío": asks the browser for the position only when the visitor taps the button. The position stays in
 * memory (never in the URL or storage), rounded to about 100 m as the server would round it anyway.
 */
export function useCercaMio(): [CercaMioState, () => void] {
  const [state, setState] = useState<CercaMioState>({ status: 'off' });
  const toggle = useCallback(() => {
    if (state.status === 'on' || state.status === 'locating') {
      setState({ status: 'off' });
      return;
    }
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: CERCA_MESSAGES.unavailable });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const near = { lat: roundCoord(coords.latitude), lng: roundCoord(coords.longitude) };
        setState((current) =>
          current.status !== 'locating'
            ? current
            : isInsideMendoza(near)
              ? { status: 'on', near }
              : { status: 'failed', message: CERCA_MESSAGES.outside },
        );
      },
      (error) =>
        setState((current) =>
          current.status !== 'locating'
            ? current
            : {
                status: 'failed',
                message: error.code === error.PERMISSION_DENIED ? CERCA_MESSAGES.denied : CERCA_MESSAGES.unavailable,
              },
        ),
      { enableHighAccuracy: false, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, [state.status]);
  return [state, toggle];
}
