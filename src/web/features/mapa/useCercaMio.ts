import { useCallback, useState } from 'react';
import { CERCA_UNAVAILABLE, type CercaMioState } from './cerca-state';

export type { CercaMioState } from './cerca-state';

/**
 * "Cerca mío": asks the browser for the position only when the visitor taps the button. The position stays in
 * memory (never in the URL or storage), rounded to about 100 m as the server would round it anyway. The asking
 * (locate.ts) loads on that tap: until then the pages need only this state.
 */
export function useCercaMio(): [CercaMioState, () => void] {
  const [state, setState] = useState<CercaMioState>({ status: 'off' });
  const toggle = useCallback(() => {
    if (state.status === 'on' || state.status === 'locating') {
      setState({ status: 'off' });
      return;
    }
    setState({ status: 'locating' });
    // Tapped again meanwhile (off): the answer is dropped.
    const settle = (next: CercaMioState) => setState((current) => (current.status !== 'locating' ? current : next));
    import('./locate').then(
      (m) => m.locate().then(settle),
      () => settle({ status: 'failed', message: CERCA_UNAVAILABLE }),
    );
  }, [state.status]);
  return [state, toggle];
}
