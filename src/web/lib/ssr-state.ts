import type { QueryKey } from '@tanstack/react-query';

/**
 * One answer of the query cache a page was rendered from. Only its key and data: the server seeds nothing but
 * answers (src/web/entry-server.tsx), and the browser puts them back with setQueryData, so TanStack Query's
 * dehydrate/hydrate code (and their per-query status fields) stay out of the page (ADR 023).
 */
export interface SsrQuery {
  queryKey: QueryKey;
  data: unknown;
}

/** What a server-rendered page carries for hydration, in `<script type="application/json" id=SSR_STATE_ID>`. */
export interface SsrState {
  /** The query cache the page was rendered from (the client's queries start with it: no second fetch). */
  queries: SsrQuery[];
  /** ISO time the page was rendered at. */
  now: string;
  paymentsProvider: string;
  /** The page is a not-found page (of an unknown or hidden business, or any path): the client shows it too. */
  notFound?: 'comercio' | 'page';
}
