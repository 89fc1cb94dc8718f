import type { PromocionCard, Page } from '#shared/api';
import type { Items } from '#shared/contract/shapes';
import type { FeaturedPromocionQuery, PromocionListQuery } from '#shared/schemas/queries';
import { cachedJsonBytes, destacadasKey, promocionesKey } from '#server/cache/keys';
import type { CacheScope } from '#server/cache/scope';
import type { AppDeps } from '#server/deps';
import { toCachedJson, type CachedJson } from '#server/http/cached-json';
import type { AdmitMiss } from '#server/http/miss-budget';
import { listFeaturedPromociones, listPromocionCategorias, listVisiblePromociones } from './public-service';

/** The public promotion answers as the public cache keeps them (API routes and server-rendered pages share them). */
type Deps = Pick<AppDeps, 'db' | 'publicCache' | 'now'>;

/** A page of visible promotions; the businesses its cards show are part of its scope. */
export function cachedPromocionList(
  deps: Deps,
  query: PromocionListQuery,
  admit?: AdmitMiss,
): Promise<CachedJson<Page<PromocionCard>> & { scope: CacheScope }> {
  const now = deps.now();
  return deps.publicCache.get(
    promocionesKey(query, now),
    async (): Promise<CachedJson<Page<PromocionCard>> & { scope: CacheScope }> => {
      const page = await listVisiblePromociones(deps.db, query, now);
      const ids = [...new Set(page.items.map((p) => p.comercio.id))];
      return {
        ...toCachedJson(page),
        scope: { kind: 'promociones', categoria: query.categoria, localidad: query.localidad, ids },
      };
    },
    { scope: (value) => value.scope, sizeOf: cachedJsonBytes, admit },
  );
}

/**
 * The featured strip, with its scope: what it depends on is known once it is computed (the businesses it
 * shows, and whether featured businesses alone fill it: then no other business's edit can change it).
 */
export function cachedDestacadas(
  deps: Deps,
  filters: FeaturedPromocionQuery,
  admit?: AdmitMiss,
): Promise<CachedJson<Items<PromocionCard>> & { scope: CacheScope }> {
  const now = deps.now();
  return deps.publicCache.get(
    destacadasKey(filters, now),
    async (): Promise<CachedJson<Items<PromocionCard>> & { scope: CacheScope }> => {
      const strip = await listFeaturedPromociones(deps.db, now, filters);
      const ids = [...new Set(strip.items.map((p) => p.comercio.id))];
      return {
        ...toCachedJson({ items: strip.items }),
        scope: {
          kind: 'destacadas',
          ids,
          onlyFeatured: strip.onlyFeatured,
          categoria: filters.categoria,
          localidad: filters.localidad,
        },
      };
    },
    { scope: (value) => value.scope, sizeOf: cachedJsonBytes, admit },
  );
}

export function cachedPromocionCategorias(deps: Deps): Promise<CachedJson<Items<string>>> {
  return deps.publicCache.get(
    'promociones/categorias',
    async () => toCachedJson({ items: await listPromocionCategorias(deps.db, deps.now()) }),
    { scope: { kind: 'promocion-categorias' }, sizeOf: cachedJsonBytes },
  );
}
