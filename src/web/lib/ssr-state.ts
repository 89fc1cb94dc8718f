import type { DehydratedState } from '@tanstack/react-query';

/** What a server-rendered page carries for hydration, in `<script type="application/json" id=SSR_STATE_ID>`. */
export interface SsrState {
  /** The query cache the page was rendered from (the client's queries start with it: no second fetch). */
  queries: DehydratedState;
  /** ISO time the page was rendered at. */
  now: string;
  paymentsProvider: string;
  /** The page is the not-found page (an unknown or hidden business): the client shows it too. */
  notFound?: boolean;
}
