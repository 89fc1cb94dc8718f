import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import { cachedJsonBytes, destacadasKey, promocionesKey } from '#server/cache/keys';
import type { CacheScope } from '#server/cache/scope';
import type { AppDeps } from '#server/deps';
import { sendCachedJson, toCachedJson, type CachedJson } from '#server/http/cached-json';
import { publicData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { listFeaturedPromociones, listPromocionCategorias, listVisiblePromociones } from './public-service';

export const promocionesPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  route(contract.promociones.list, async ({ request, reply, query }) => {
    const now = deps.now();
    // "Cerca mío" answers skip the shared cache, as the grid's do (ADR 019).
    if (query.lat !== undefined)
      return sendCachedJson(
        request,
        publicData(reply),
        toCachedJson(await listVisiblePromociones(deps.db, query, now)),
      );
    // The businesses its cards show are part of the scope: another business's edit leaves the page alone.
    const entry = await deps.publicCache.get(
      promocionesKey(query, now),
      async (): Promise<CachedJson & { scope: CacheScope }> => {
        const page = await listVisiblePromociones(deps.db, query, now);
        const ids = [...new Set(page.items.map((p) => p.comercio.id))];
        return {
          ...toCachedJson(page),
          scope: { kind: 'promociones', categoria: query.categoria, localidad: query.localidad, ids },
        };
      },
      { scope: (value) => value.scope, sizeOf: cachedJsonBytes },
    );
    return sendCachedJson(request, publicData(reply), entry);
  });

  route(contract.promociones.destacadas, async ({ request, reply, query: filters }) => {
    // What the strip depends on is known once it is computed: the businesses it shows, and whether
    // featured businesses alone fill it (then no other business's edit can change it).
    const now = deps.now();
    const entry = await deps.publicCache.get(
      destacadasKey(filters, now),
      async (): Promise<CachedJson & { scope: CacheScope }> => {
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
      { scope: (value) => value.scope, sizeOf: cachedJsonBytes },
    );
    return sendCachedJson(request, publicData(reply), entry);
  });

  route(contract.promociones.categorias, async ({ request, reply }) => {
    const entry = await deps.publicCache.get(
      'promociones/categorias',
      async () => toCachedJson({ items: await listPromocionCategorias(deps.db, deps.now()) }),
      { scope: { kind: 'promocion-categorias' }, sizeOf: cachedJsonBytes },
    );
    return sendCachedJson(request, publicData(reply), entry);
  });
};
