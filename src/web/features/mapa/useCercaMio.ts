import { useCallback, useEffect, useState } from 'react';
import { CERCA_UNAVAILABLE, type CercaMioState } from './cerca-state';

export type { CercaMioState } from './cerca-state';

/** Where a view keeps "Cerca mío" on (Lista: `?cerca=1`), so a reload, Back or a shared link restores it. */
export interface CercaEnUrl {
  on: boolean;
  set(on: boolean): void;
}

/**
 * "Cerca mío": asks the browser for the position only when the visitor taps the button, or when the URL says it
 * is on (a reload asks again; the browser remembers its permission, ADR 045). The position stays in memory (never
 * in the URL or storage), rounded to about 100 m as the server would round it anyway. The asking (locate.ts)
 * loads then: until then the pages need only this state.
 */
export function useCercaMio(url?: CercaEnUrl): [CercaMioState, () => void] {
  const [state, setState] = useState<CercaMioState>({ status: 'off' });
  const locate = useCallback(() => {
    setState({ status: 'locating' });
    // Turned off meanwhile: the answer is dropped.
    const settle = (next: CercaMioState) => setState((current) => (current.status !== 'locating' ? current : next));
    import('./locate').then(
      (m) => m.locate().then(settle),
      () => settle({ status: 'failed', message: CERCA_UNAVAILABLE }),
    );
  }, []);
  const wanted = url?.on;
  const active = state.status === 'on' || state.status === 'locating';
  useEffect(() => {
    // The URL turned it on (a reload, Back to it) or off (Back from it).
    if (wanted === true && state.status === 'off') locate();
    if (wanted === false && active) setState({ status: 'off' });
  }, [wanted, state.status, active, locate]);
  const toggle = useCallback(() => {
    if (active) {
      setState({ status: 'off' });
      if (url?.on) url.set(false);
      return;
    }
    locate();
    if (url && !url.on) url.set(true);
  }, [active, locate, url]);
  return [state, toggle];
}
