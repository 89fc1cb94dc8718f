import { imageUrl } from '../../shared/images';
import { comercioListQuery } from '../../shared/schemas/queries';
import { getComercioDetalle, listPublishedComercios } from '../comercios/public-service';
import type { AppDeps } from '../deps';

/**
 * Preload hints for the page being served, so the browser fetches the data (and the largest image) a view
 * will ask for while it is still downloading the app's JavaScript. The URLs are exactly the ones the SPA
 * requests; the answers come from the public cache that the API routes share.
 */
export async function pageHints(deps: AppDeps, pathname: string, search: URLSearchParams): Promise<string[]> {
  const fetchHint = (url: string) => `<link rel="preload" href="${escapeAttr(url)}" as="fetch" crossorigin="anonymous">`;
  const imageHint = (url: string | null) => (url ? [`<link rel="preload" href="${escapeAttr(url)}" as="image" fetchpriority="high">`] : []);

  if (pathname === '/') {
    const parsed = comercioListQuery.safeParse({ q: search.get('q') ?? undefined, categoria: search.get('categoria') ?? undefined, localidad: search.get('localidad') || undefined, page: 1 });
    if (!parsed.success) return [];
    const params = new URLSearchParams();
    if (parsed.data.q) params.set('q', parsed.data.q);
    if (parsed.data.categoria) params.set('categoria', parsed.data.categoria);
    if (parsed.data.localidad) params.set('localidad', parsed.data.localidad);
    params.set('page', '1');
    const listUrl = `/api/comercios?${params}`;
    // The strip follows the category and locality (same parameter order as the SPA's request).
    const featured = new URLSearchParams();
    if (parsed.data.categoria) featured.set('categoria', parsed.data.categoria);
    if (parsed.data.localidad) featured.set('localidad', parsed.data.localidad);
    const featuredUrl = featured.size ? `/api/promociones/destacadas?${featured}` : '/api/promociones/destacadas';
    const page = await deps.publicCache.get(`hint:${listUrl}`, () => listPublishedComercios(deps.db, parsed.data, deps.now()));
    return [
      fetchHint(listUrl),
      fetchHint('/api/comercios/categorias'),
      ...(parsed.data.q ? [] : [fetchHint(featuredUrl)]),
      ...imageHint(imageUrl(page.items[0]?.imagen, 'thumb')),
    ];
  }
  if (pathname === '/promociones') return [fetchHint('/api/promociones?page=1'), fetchHint('/api/promociones/categorias')];
  const detalle = /^\/comercio\/(\d{1,9})$/.exec(pathname);
  if (detalle) {
    const id = Number(detalle[1]);
    const found = await deps.publicCache.get(`hint:/api/comercios/${id}`, () => getComercioDetalle(deps.db, id, null, deps.now()).catch(() => null));
    return found ? [fetchHint(`/api/comercios/${id}`), ...imageHint(imageUrl(found.imagen, 'large'))] : [];
  }
  return [];
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
