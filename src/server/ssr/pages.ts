import type { FastifyRequest } from 'fastify';
import { comercioListQuery, featuredPromocionQuery, promocionListQuery } from '#shared/schemas/queries';
import { categoriaComoEnLaLista } from '#shared/categorias-lista';
import { comercioPath } from '#shared/seo/slug';
import type { ComercioDetalle } from '#shared/api';
import type { SsrData, SsrPage, SsrRenderer } from '#shared/ssr';
import { hasSessionCookie, sessionUser } from '#server/auth/session';
import type { CacheScope } from '#server/cache/scope';
import { cachedComercioCategorias, cachedComercioDetalle, cachedComercioList } from '#server/comercios/public-cached';
import { cachedOpenWindow } from '#server/comercios/abierto';
import { wantsOpenNow } from '#shared/busqueda';
import { getComercioDetalle } from '#server/comercios/public-service';
import type { AppDeps } from '#server/deps';
import { visitorOf } from '#server/estadisticas/routes';
import { toCachedText, type CachedJson } from '#server/http/cached-json';
import { missAdmission } from '#server/http/miss-budget';
import type { ServerPages } from '#server/http/spa';
import { cachedDestacadas, cachedPromocionCategorias, cachedPromocionList } from '#server/promociones/public-cached';
import { composePage } from './compose';
import { detalleHead, listaHead, notFoundHead, promocionesHead, type PageHead } from './head';
import type { PreloadView, ViewPreloads } from './preload';

/**
 * Server-rendered public pages (ADR 021): home, promotions and a business page, rendered by the web app's own
 * server entry from the public cache's answers, and kept in that cache as ready-to-send HTML whose scope is the
 * union of the answers it shows (a write clears the page wherever it clears its JSON, on every instance).
 */
/** A published business's page, ready to send, and the one URL it answers at. */
interface DetallePage {
  canonical: string;
  entry: CachedJson;
}

interface Loaded {
  data: SsrData;
  head: PageHead;
  scope: CacheScope;
  status: number;
  /** The lazy view it hydrates (none: the page's view is in the entry). */
  view?: PreloadView;
}

const parse = <T>(entry: CachedJson<T>): T => JSON.parse(entry.body) as T;
const notFoundPage = (comercio: boolean): Loaded => ({
  data: { kind: 'not-found', comercio },
  head: notFoundHead(comercio),
  scope: { kind: 'any', scopes: [] },
  status: 404,
  ...(comercio ? { view: 'comercio-not-found' as const } : {}),
});

export function serverPages(
  deps: AppDeps,
  rendererOrLoad: SsrRenderer | Promise<SsrRenderer>,
  preloads: ViewPreloads = () => '',
): ServerPages {
  const origin = new URL(deps.config.PUBLIC_URL).origin;
  // Still loading during the first moments after start-up (startLoadingSsrRenderer): the first pages wait for it.
  let loadedRenderer = rendererOrLoad instanceof Promise ? undefined : rendererOrLoad;
  const rendererReady = Promise.resolve(rendererOrLoad).then((r) => (loadedRenderer = r));
  rendererReady.catch(() => undefined); // a failed load is reported (and ends the process) where it started

  async function loadLista(page: Extract<SsrPage, { kind: 'lista' }>): Promise<Loaded | null> {
    const filters = {
      q: page.q || undefined,
      categoria: page.categoria || undefined,
      localidad: page.localidad || undefined,
      abierto: page.abierto ? '1' : undefined,
      orden: page.orden,
    };
    const queries = [];
    for (let n = 1; n <= page.pages; n++) {
      const parsed = comercioListQuery.safeParse({ ...filters, page: n });
      if (!parsed.success) return null; // the API would refuse it too: the browser shows its message
      queries.push(parsed.data);
    }
    const first = queries[0]!;
    // The strip follows the grid's category and locality, and its own "Hoy" toggle.
    const featured = featuredPromocionQuery.safeParse({
      categoria: filters.categoria,
      localidad: filters.localidad,
      hoy: page.hoy ? '1' : undefined,
    });
    if (!featured.success) return null;
    const [pages, categorias, destacadas] = await Promise.all([
      Promise.all(queries.map((q) => cachedComercioList(deps, q))),
      cachedComercioCategorias(deps),
      first.q ? null : cachedDestacadas(deps, featured.data),
    ]);
    // Pages past the last one are not shown (the grid stops where the data does).
    const shown = pages.map(parse).filter((_, i, all) => i === 0 || all[i - 1]!.hasMore);
    return {
      data: { kind: 'lista', pages: shown, categorias: parse(categorias), destacadas: destacadas && parse(destacadas) },
      head: listaHead(origin, { categoria: page.categoria, localidad: page.localidad, page: shown.length }),
      scope: {
        kind: 'any',
        // Every page shown (each scoped to its filters and its businesses), the chips and the strip.
        scopes: [
          ...pages.slice(0, shown.length).map((p) => p.scope),
          { kind: 'comercio-categorias' },
          ...(destacadas ? [destacadas.scope] : []),
        ],
      },
      status: 200,
      view: 'lista',
    };
  }

  async function loadPromociones(page: Extract<SsrPage, { kind: 'promociones' }>): Promise<Loaded | null> {
    const queries = [];
    for (let n = 1; n <= page.pages; n++) {
      const parsed = promocionListQuery.safeParse({
        categoria: page.categoria || undefined,
        localidad: page.localidad || undefined,
        hoy: page.hoy ? '1' : undefined,
        pago: page.pago || undefined,
        banco: page.banco || undefined,
        dia: page.dia || undefined,
        page: n,
      });
      if (!parsed.success) return null;
      queries.push(parsed.data);
    }
    const [lists, categorias] = await Promise.all([
      Promise.all(queries.map((q) => cachedPromocionList(deps, q))),
      cachedPromocionCategorias(deps),
    ]);
    const shown = lists.map(parse).filter((_, i, all) => i === 0 || all[i - 1]!.hasMore);
    return {
      data: { kind: 'promociones', pages: shown, categorias: parse(categorias) },
      head: promocionesHead(origin, { ...page, page: shown.length }),
      scope: {
        kind: 'any',
        scopes: [...lists.slice(0, shown.length).map((l) => l.scope), { kind: 'promocion-categorias' }],
      },
      status: 200,
      view: 'promociones',
    };
  }

  return async (request: FastifyRequest, pathname: string, search: string, template: string) => {
    const renderer = loadedRenderer ?? (await rendererReady);
    const page = renderer.pageOf(pathname, search);
    const url = { pathname, search };
    const render = async (loaded: Loaded): Promise<CachedJson> => {
      const rendered = await renderer.render(url, loaded.data, {
        now: deps.now(),
        paymentsProvider: deps.payments.provider.name,
      });
      const preload = loaded.view ? preloads(loaded.view) : '';
      return toCachedText(composePage(template, loaded.head, rendered, preload), 'text/html; charset=utf-8');
    };
    // Keyed by the page (not the raw URL): unknown parameters and their order share one entry.
    const cached = async (key: string, load: () => Promise<Loaded | null>) => {
      const entry = await deps.publicCache.get(
        `page:${key}`,
        async () => {
          const loaded = await load();
          return loaded && { ...(await render(loaded)), status: loaded.status, scope: loaded.scope };
        },
        // Its compressed copies are kept too (about 1.6 times the text in all, as for JSON answers).
        {
          scope: (v) => v?.scope ?? { kind: 'any', scopes: [] },
          sizeOf: (v) => (v ? Math.ceil(v.body.length * 1.6) : 0),
          // A page nobody holds counts against the address's budget once (ADR 048), not once per answer it reads.
          admit: missAdmission(request),
        },
      );
      return entry && { status: entry.status, entry, shared: true };
    };

    // A business page as everyone sees it, kept with its canonical path: a hit answers (or redirects) without
    // reading the business's JSON again. The entry shares the detail answer's scope, so it is cleared with it;
    // null (unknown, unpublished, expired) is kept the same way, and answered with the shared 404 page.
    const detallePage = (id: number) =>
      deps.publicCache.get<DetallePage | null>(
        `page:detalle/${id}`,
        async () => {
          const entry = await cachedComercioDetalle(deps, id);
          if (!entry) return null;
          const detalle = parse(entry);
          return { canonical: comercioPath(detalle.id, detalle.nombre), entry: await render(detalleLoaded(detalle)) };
        },
        {
          scope: { kind: 'detalle', id },
          sizeOf: (v) => (v ? Math.ceil(v.entry.body.length * 1.6) : 0),
          admit: missAdmission(request),
        },
      );
    const detalleLoaded = (detalle: ComercioDetalle): Loaded => ({
      data: { kind: 'detalle', detalle },
      head: detalleHead(origin, detalle, deps.now()),
      scope: { kind: 'detalle', id: detalle.id },
      status: 200,
      view: 'detalle',
    });
    // One URL per business: an id-only or outdated slug answers 301 to it (the query string kept).
    const redirect = (canonical: string) => ({ redirect: `${canonical}${search ? `?${search}` : ''}` });
    // A hand-written category ("?categoria=panaderia") answers 301 to the list's spelling: the filter matches
    // categories exactly, so it would find nothing and no chip would show chosen.
    const categoriaRedirect = (categoria: string) => {
      const fixed = categoria ? categoriaComoEnLaLista(categoria) : undefined;
      if (!fixed) return null;
      const params = new URLSearchParams(search);
      params.set('categoria', fixed);
      return { redirect: `${pathname}?${params}` };
    };
    // A view of the page, as the detail API counts it (the hydrated page does not ask that API again).
    const countView = (id: number) => deps.stats.count(visitorOf(request), id, 'visitas');

    switch (page.kind) {
      case 'client':
        return null;
      case 'not-found':
        return cached('not-found', async () => notFoundPage(false));
      case 'lista': {
        const fix = categoriaRedirect(page.categoria);
        if (fix) return fix;
        // "Abierto ahora" (asked or implied by the words): the page is an answer of the current open window (ADR 045).
        const abierto = wantsOpenNow({ abierto: page.abierto, q: page.q })
          ? await cachedOpenWindow(deps, deps.now())
          : '';
        return cached(`${JSON.stringify(page)}${abierto ? `@${abierto}` : ''}`, () => loadLista(page));
      }
      case 'promociones':
        return categoriaRedirect(page.categoria) ?? cached(JSON.stringify(page), () => loadPromociones(page));
      case 'detalle': {
        const viewer = hasSessionCookie(request) ? ((await sessionUser(deps.auth, request))?.id ?? null) : null;
        if (viewer === null) {
          const shared = await detallePage(page.id);
          if (!shared) return cached('not-found/comercio', async () => notFoundPage(true));
          if (pathname !== shared.canonical) return redirect(shared.canonical);
          countView(page.id);
          return { status: 200, entry: shared.entry, shared: true };
        }
        // Signed in: the owner looking at their own business (esPropio, the unpublished preview) gets a page
        // rendered for them alone, never cached, and is not a visit; anyone else gets the shared page.
        const detalle = await getComercioDetalle(deps.db, page.id, viewer, deps.now()).catch(() => null);
        if (!detalle) return cached('not-found/comercio', async () => notFoundPage(true));
        const canonical = comercioPath(detalle.id, detalle.nombre);
        if (pathname !== canonical) return redirect(canonical);
        if (detalle.esPropio) return { status: 200, entry: await render(detalleLoaded(detalle)), shared: false };
        countView(detalle.id);
        const shared = await detallePage(page.id);
        return shared
          ? { status: 200, entry: shared.entry, shared: true }
          : { status: 200, entry: await render(detalleLoaded(detalle)), shared: false };
      }
    }
  };
}
