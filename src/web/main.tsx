// First: zod must be jitless before any schema module (lazy chunks) is evaluated.
import '#shared/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BUSINESS_TIMEZONE } from '#shared/constants';
import { matchRoute, type SsrRouteName } from '#shared/routes';
import { SSR_STATE_ID } from '#shared/ssr';
import { App, SSR_VIEWS } from './App';
import { createQueryClient } from './lib/queryClient';
import { replayTaps, takePendingTaps } from './lib/pending-tap';
import type { SsrState } from './lib/ssr-state';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('No se encontró el elemento #root');

// A server-rendered page (ADR 021) carries its query cache as JSON: hydrate it, with the same clock and view the
// server rendered with, so nothing flashes and nothing is fetched twice. Other pages (owner views, the dev server)
// render in the browser alone.
const stateElement = document.getElementById(SSR_STATE_ID);
if (stateElement?.textContent) {
  const state = JSON.parse(stateElement.textContent) as SsrState;
  const queryClient = createQueryClient();
  // A page may come from the server's cache, rendered minutes ago; its answers are still current (every write
  // clears the pages it shows), exactly what a fetch now would return. So they count as fetched now: kept with
  // their render time they would be stale on arrival and fetched again.
  const loadedAt = Date.now();
  for (const { queryKey, data } of state.queries) queryClient.setQueryData(queryKey, data, { updatedAt: loadedAt });
  // The view's code (its chunk, preloaded beside the entry) is in hand before hydration starts: a part of the page
  // still waiting for its code cannot be hydrated, and React drops a tap on it (lib/chunks.ts). Until then the boot
  // script keeps each button tapped. A chunk that fails to arrive is left to the view's error boundary.
  const start = () =>
    void Promise.resolve(SSR_VIEWS[matchRoute(location.pathname)?.name as SsrRouteName]?.()).then(hydrate, hydrate);
  // Hydrated as a transition: React then works in slices of a few milliseconds and yields to the browser between
  // them (the default hydration lane runs to the end in one long task). A tap on a part not hydrated yet is
  // replayed once that part is: React hydrates it first.
  const hydrate = () => {
    const taps = takePendingTaps();
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App
            queryClient={queryClient}
            initialView={state.notFound ? { name: 'not-found', comercio: state.notFound === 'comercio' } : undefined}
            initial={{ now: new Date(state.now), paymentsProvider: state.paymentsProvider }}
          />
        </StrictMode>,
      );
    });
    replayTaps(taps);
  };
  // The server's markup is the page: let the browser paint it (and its photo) first, then hydrate. When this
  // script arrives before the first frame, hydrating at once held the first paint behind a long task. A frame
  // runs its animation callbacks just before painting, so a task queued from one runs after the paint. A hidden
  // tab paints no frames: it hydrates at once.
  // The page's first Intl formatter starts ICU (its locale and time zone data), a long piece of work on a slow
  // phone. Left to the first card that formats a date, it made one hydration slice a long task; in a task of its
  // own, only what passes the 50 ms long-task line counts as blocking (ADR 031; figures in docs/performance.md).
  const startIntl = () => {
    new Intl.DateTimeFormat('es-AR', { timeZone: BUSINESS_TIMEZONE }).format(0);
    setTimeout(start, 0);
  };
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(startIntl, 0));
  else start();
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The service worker (offline after one visit, ADR 050): its registration is a chunk of its own, which waits for
// the page's load and an idle moment; here it costs only this line.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  void import('./lib/service-worker').then((m) => m.whenLoaded());
