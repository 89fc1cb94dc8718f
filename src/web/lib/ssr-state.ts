import type { DehydratedState } from '@tanstack/react-query';

/** What a server-rendered page carries for hydration, in `<script type="application/json" id=SSR_STATE_ID>`. */
export interface SsrState {
  /** The query cache the page was rendered from (the client's queries start with it: no second fetch). */
  queries: DehydratedState;
  /** ISO time the page was rendered at. */
  now: string;
  paymentsProvider: string;
  /** The page is a not-found page (of an unknown or hidden business, or any path): the client shows it too. */
  notFound?: 'comercio' | 'page';
}
