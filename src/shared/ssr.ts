import type { ComercioDetalle, ComercioPage, Page, PromocionCard } from './api';
import type { Items } from './contract/shapes';

/**
 * The seam between the server and the web app's server entry (ADR 021): the server never imports src/web, so the
 * entry says which page a URL is (with the web app's own URL parser) and renders it from data the server loaded
 * through the same services and public cache as the API.
 */
export type SsrPage =
  | {
      kind: 'lista';
      q: string;
      categoria: string;
      localidad: string;
      hoy: boolean;
      /** "Abierto ahora" (ADR 045): the page's key carries the open window too. */
      abierto?: boolean;
      /** "Mejor valorados" (issue 29). */
      orden?: 'valorados';
      pages: number;
    }
  | {
      kind: 'promociones';
      categoria: string;
      localidad: string;
      hoy: boolean;
      /** "Medio de pago", "Banco o tarjeta" and "Día" ('' = any). */
      pago: string;
      banco: string;
      dia: string;
      pages: number;
    }
  | { kind: 'detalle'; id: number }
  /** Owner and operator pages, favourites: the client renders them (the shell is served as before). */
  | { kind: 'client' }
  | { kind: 'not-found' };

/** What a page shows, exactly as the API answers it (the client's queries are seeded with it). */
export type SsrData =
  | {
      kind: 'lista';
      pages: ComercioPage[];
      categorias: Items<string>;
      /** The featured strip (not shown while searching). */
      destacadas: Items<PromocionCard> | null;
    }
  | { kind: 'promociones'; pages: Array<Page<PromocionCard>>; categorias: Items<string> }
  | { kind: 'detalle'; detalle: ComercioDetalle }
  | { kind: 'not-found'; comercio: boolean };

export interface SsrContext {
  /** The clock the page is rendered with; the client's first render uses it too (no hydration mismatch). */
  now: Date;
  /** The payments provider's name (the sandbox banner). */
  paymentsProvider: string;
}

export interface SsrRendered {
  /** The markup of #root. */
  html: string;
  /** The dehydrated query cache and render context, as JSON (not yet escaped for a script element). */
  state: string;
}

/** What src/web/entry-server.tsx exports (built to dist/ssr/entry-server.js). */
export interface SsrRenderer {
  pageOf(pathname: string, search: string): SsrPage;
  /** Renders the page of this URL (the one pageOf described) from the data the server loaded for it. */
  render(url: { pathname: string; search: string }, data: SsrData, context: SsrContext): Promise<SsrRendered>;
}

/** The element id of the dehydrated state (a non-executable `application/json` script: CSP script-src 'self'). */
export const SSR_STATE_ID = 'vidriera-ssr';
