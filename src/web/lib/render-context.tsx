import { createContext, use } from 'react';

/**
 * What the server rendered a page with, so the browser's first render (hydration) produces the same markup:
 * the clock (open-now pills, "vence en 3 días") and the payments provider (the sandbox banner).
 */
export interface InitialRender {
  now: Date;
  paymentsProvider: string | null;
}

export const InitialRenderContext = createContext<InitialRender | null>(null);

/**
 * Set by the first navigation in the browser (the server never sets it). Not "after the first commit": the
 * lazily loaded view of the first page hydrates later, once its code arrives, and must match the server too.
 */
let navigated = false;

export function markNavigated(): void {
  navigated = true;
}

/** The server's values for the first page's components; null for views opened later (the real clock). */
export function useInitialRender(): InitialRender | null {
  const initial = use(InitialRenderContext);
  return navigated ? null : initial;
}
