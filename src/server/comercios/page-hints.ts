import { wantsOpenNow } from '#shared/busqueda';
import { contract, endpointUrl } from '#shared/contract';
import { imageUrl } from '#shared/imagenes';
import { matchRoute } from '#shared/routes';
import { comercioListQuery } from '#shared/schemas/queries';
import type { FastifyRequest } from 'fastify';
import { hasSessionCookie, sessionUser } from '#server/auth/session';
import { comerciosKey, comerciosScope, detalleKey } from '#server/cache/keys';
import { cachedOpenWindow } from './abierto';
import { getComercioDetalle, listPublishedComercios } from './public-service';
import type { AppDeps } from '#server/deps';
import { missAdmission } from '#server/http/miss-budget';
import type { PageInfo } from '#server/http/spa';
import { operatorOf } from '#server/operador/guard';

/**
 * Preload hints for the page being served, so the browser fetches the data (and the largest image) a view
 * will ask for while it is still downloading the app's JavaScript. The URLs are exactly the ones the SPA
 * requests; the answers come from the public cache that the API routes share.
 */
export async function pageHints(
  deps: AppDeps,
  request: FastifyRequest,
  pathname: string,
  search: URLSearchParams,
): Promise<PageInfo> {
  return { links: [], ...(await pageInfo(deps, request, pathname, search)) };
}

async function pageInfo(
  deps: AppDeps,
  request: FastifyRequest,
  pathname: string,
  search: URLSearchParams,
): Promise<Partial<PageInfo>> {
  const fetchHint = (url: string) =>
    `<link rel="preload" href="${escapeAttr(url)}" as="fetch" crossorigin="anonymous">`;
  const imageHint = (url: string | null) =>
    url ? [`<link rel="preload" href="${escapeAttr(url)}" as="image" fetchpriority="high">`] : [];

  const route = matchRoute(pathname);
  if (route?.name === 'lista') {
    const parsed = comercioListQuery.safeParse({
      q: search.get('q') ?? undefined,
      categoria: search.get('categoria') ?? undefined,
      localidad: search.get('localidad') || undefined,
      abierto: search.get('abierto') === '1' ? '1' : undefined,
      page: 1,
    });
    if (!parsed.success) return {};
    const { q, categoria, localidad, abierto } = parsed.data;
    // Built like the SPA builds them (same contract, same parameter order), so the preload is what it asks for.
    const listUrl = endpointUrl(contract.comercios.list, { query: { q, categoria, localidad, abierto, page: 1 } });
    // The strip follows the category and locality.
    const featuredUrl = endpointUrl(contract.promociones.destacadas, { query: { categoria, localidad } });
    // Only the first card's image is needed, so that is all the hint keeps.
    const { imagen: firstImage } = await deps.publicCache.get(
      `hint:${comerciosKey(parsed.data, wantsOpenNow(parsed.data) ? await cachedOpenWindow(deps, deps.now()) : undefined)}`,
      async () => {
        const scope = await comerciosScope(deps.db, parsed.data);
        const page = await listPublishedComercios(deps.db, parsed.data, deps.now());
        return {
          imagen: page.items[0]?.imagen ?? null,
          scope: page.fuzzy ? { ...scope, fuzzy: true as const } : scope,
        };
      },
      // A typo-forgiving answer may change with any business of its filters (ADR 040), as the grid's entry. A
      // search nobody asked before is a miss of this address's budget (ADR 048), as its page and its JSON are.
      { scope: (v) => v.scope, sizeOf: (v) => v.imagen?.length ?? 0, admit: missAdmission(request) },
    );
    return {
      links: [
        fetchHint(listUrl),
        fetchHint(endpointUrl(contract.comercios.categorias)),
        ...(parsed.data.q ? [] : [fetchHint(featuredUrl)]),
        ...imageHint(imageUrl(firstImage, 'thumb')),
      ],
    };
  }
  // Owners and guests get the same 404 page as for a path that does not exist.
  if (route?.name === 'operador') return { notFound: !(await operatorOf(deps, request)) };
  if (route?.name === 'promociones')
    return {
      links: [
        fetchHint(endpointUrl(contract.promociones.list, { query: { page: 1 } })),
        fetchHint(endpointUrl(contract.promociones.categorias)),
      ],
    };
  // With or without its slug (`/comercio/12-panaderia-la-espiga`).
  if (route?.name === 'detalle' && route.params.id) {
    const { id } = route.params;
    const found = await deps.publicCache.get(
      `hint:${detalleKey(id)}`,
      () =>
        getComercioDetalle(deps.db, id, null, deps.now()).then(
          (d) => ({ imagen: d.imagen }),
          () => null,
        ),
      { scope: { kind: 'detalle', id }, sizeOf: (v) => v?.imagen?.length ?? 0, admit: missAdmission(request) },
    );
    if (found)
      return {
        links: [
          fetchHint(endpointUrl(contract.comercios.detail, { params: { id } })),
          ...imageHint(imageUrl(found.imagen, 'large')),
        ],
      };
    // Hidden from the public: only its owner may see the page (the unpublished preview).
    const viewer = hasSessionCookie(request) ? ((await sessionUser(deps.auth, request))?.id ?? null) : null;
    const own = viewer ? await getComercioDetalle(deps.db, id, viewer, deps.now()).catch(() => null) : null;
    return { notFound: !own };
  }
  return {};
}

/** Text for a double-quoted HTML attribute. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
