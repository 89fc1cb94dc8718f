import type { ReactNode } from 'react';
// React's edge builds, not Node's: Node's keeps its request in an AsyncLocalStorage, and one run of that turns
// on Node 20's promise hooks for the life of the process, which makes every cached answer dearer (ADR 029).
import { renderToString } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';
import { ROUTES } from '#shared/routes';
import type { SsrContext, SsrData, SsrPage, SsrRendered, SsrRenderer } from '#shared/ssr';
import { App } from './App';
import { comercioQueries } from './features/comercios/api';
import { promocionQueries } from './features/promociones/api';
import { pagoDiaOf } from './features/promociones/filters';
import { createQueryClient } from './lib/queryClient';
import { parseUrl, type ListaFilters, type View } from './lib/routes';
import type { SsrState } from './lib/ssr-state';

/**
 * The web app's server entry (ADR 021), built by `vite build --ssr` into dist/ssr/entry-server.js and loaded by
 * the server. It renders the same App the browser hydrates, with the query cache seeded under exactly the keys
 * the views' queries use, so the browser neither flashes nor fetches the same data again.
 */
export function pageOf(pathname: string, search: string): SsrPage {
  const view = parseUrl(pathname, search);
  if (view.name === 'not-found') return { kind: 'not-found' };
  // Which pages the server renders is the route table's (ADR 051); the others are the browser's.
  if (!('ssr' in ROUTES[view.name])) return { kind: 'client' };
  switch (view.name) {
    case 'lista':
      // The map view is a browser's (Leaflet): rendered there, as before.
      if (view.mapa) return { kind: 'client' };
      return listaPage(view.filters, view.page ?? 1);
    case 'promociones':
      return {
        kind: 'promociones',
        categoria: view.categoria,
        localidad: view.localidad ?? '',
        hoy: !!view.hoy,
        pago: pagoDiaOf(view).pago ?? '',
        banco: pagoDiaOf(view).banco ?? '',
        dia: pagoDiaOf(view).dia ?? '',
        pages: 1,
      };
    case 'detalle':
      return { kind: 'detalle', id: view.id };
    default:
      return { kind: 'client' };
  }
}

/** "Cerca mío" needs the visitor's position, which only the browser asks for: the server renders the plain list. */
function listaPage({ cerca: _cerca, ...filters }: ListaFilters, pages: number): SsrPage {
  return { kind: 'lista', ...filters, hoy: !!filters.hoy, pages };
}

function seed(view: View, data: SsrData, now: Date) {
  const queryClient = createQueryClient();
  const updatedAt = now.getTime();
  if (view.name === 'lista' && data.kind === 'lista') {
    const { filters } = view;
    queryClient.setQueryData(
      comercioQueries.list(filters).queryKey,
      { pages: data.pages, pageParams: data.pages.map((p) => p.page) },
      { updatedAt },
    );
    queryClient.setQueryData(comercioQueries.categorias().queryKey, data.categorias, { updatedAt });
    if (data.destacadas)
      queryClient.setQueryData(
        promocionQueries.destacadas({ categoria: filters.categoria, localidad: filters.localidad, hoy: filters.hoy })
          .queryKey,
        data.destacadas,
        { updatedAt },
      );
  } else if (view.name === 'promociones' && data.kind === 'promociones') {
    queryClient.setQueryData(
      // The same filters, in the same shape, as PromocionesView asks with (the query key is made of them).
      promocionQueries.list({
        categoria: view.categoria,
        localidad: view.localidad ?? '',
        hoy: view.hoy ?? false,
        ...pagoDiaOf(view),
      }).queryKey,
      { pages: data.pages, pageParams: data.pages.map((p) => p.page) },
      { updatedAt },
    );
    queryClient.setQueryData(promocionQueries.categorias().queryKey, data.categorias, { updatedAt });
  } else if (view.name === 'detalle' && data.kind === 'detalle') {
    queryClient.setQueryData(comercioQueries.detail(view.id).queryKey, data.detalle, { updatedAt });
  }
  return queryClient;
}

async function render(
  url: { pathname: string; search: string },
  data: SsrData,
  context: SsrContext,
): Promise<SsrRendered> {
  const notFound = data.kind === 'not-found' ? (data.comercio ? 'comercio' : 'page') : null;
  const view: View = notFound
    ? { name: 'not-found', comercio: notFound === 'comercio' }
    : parseUrl(url.pathname, url.search);
  const queryClient = seed(view, data, context.now);
  const app = (
    <App
      queryClient={queryClient}
      initialView={view}
      initial={{ now: context.now, paymentsProvider: context.paymentsProvider }}
    />
  );
  // renderToString is synchronous and builds a string: less CPU than prerender, which encodes every chunk to
  // bytes that are then decoded back (CPU profiles, ADR 030; figures in bench/results/history/021-amendments.md). It cannot
  // wait: a lazy view not loaded yet in this process leaves its boundary to the client (`<!--$!-->`, a spinner).
  // Then prerender, which waits for it; once loaded, later renders of that view take the synchronous path.
  const synchronous = renderToString(app);
  const html = synchronous.includes(CLIENT_RENDERED_BOUNDARY) ? await prerenderHtml(app) : synchronous;
  const state: SsrState = {
    queries: queryClient
      .getQueryCache()
      .getAll()
      .map((q) => ({ queryKey: q.queryKey, data: q.state.data })),
    now: context.now.toISOString(),
    paymentsProvider: context.paymentsProvider,
    ...(notFound ? { notFound } : {}),
  };
  queryClient.clear();
  return { html, state: JSON.stringify(state) };
}

/** How React marks a Suspense boundary it left to the client (escaped text can never look like it). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * A boundary bigger than progressiveChunkSize would be sent apart and moved into place by an inline script, which
 * the CSP (script-src 'self') forbids: every boundary stays inline.
 */
async function prerenderHtml(app: ReactNode) {
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  return new Response(prelude).text();
}

export const renderer: SsrRenderer = { pageOf, render };
