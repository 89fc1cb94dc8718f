import type { FastifyPluginAsync } from 'fastify';
import { wantsOpenNow } from '#shared/busqueda';
import { contract } from '#shared/contract';
import { hasSessionCookie, requireUser, sessionUser } from '#server/auth/session';
import { cachedJsonBytes, comerciosScope, mapaKey } from '#server/cache/keys';
import type { AppDeps } from '#server/deps';
import { visitorOf } from '#server/estadisticas/routes';
import { sendCachedJson, sendFreshJson, toCachedJson } from '#server/http/cached-json';
import { notFound } from '#server/http/errors';
import { privateData, publicData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { missAdmission } from '#server/http/miss-budget';
import {
  cachedComercioCategorias,
  cachedComercioDetalle,
  cachedComercioList,
  cachedSugerencias,
} from './public-cached';
import { listComerciosMapa } from './mapa-service';
import { cachedOpenWindow } from './abierto';
import { getComercioDetalle, listPublishedComercios } from './public-service';

export const comerciosPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  route(contract.comercios.list, async ({ request, reply, query }) => {
    // "Cerca mío" answers skip the shared cache (ADR 013): one key per visitor's block would push the grid's
    // few popular entries out for answers almost nobody else asks for. Its index makes it cheap to compute.
    if (query.lat !== undefined) {
      // Computed for this request alone: a miss of its own against the address's budget (ADR 048).
      await missAdmission(request)?.();
      // `fuzzy` is for the cache's scope, not for the client (with "Cerca mío" it is never set anyway).
      const { fuzzy: _fuzzy, ...page } = await listPublishedComercios(deps.db, query, deps.now());
      return sendFreshJson(request, publicData(reply), page);
    }
    return sendCachedJson(request, publicData(reply), await cachedComercioList(deps, query, missAdmission(request)));
  });

  route(contract.comercios.mapa, async ({ request, reply, query }) => {
    // As the grid: a "Cerca mío" map belongs to one visitor's block and is not kept in the shared cache.
    if (query.lat !== undefined) {
      await missAdmission(request)?.();
      return sendFreshJson(request, publicData(reply), await listComerciosMapa(deps.db, query, deps.now()));
    }
    // Its pins are the grid's businesses for the same filters: the grid's scope clears both on the same writes
    // (a moved pin is a change of the business itself).
    const entry = await deps.publicCache.get(
      mapaKey(query, wantsOpenNow(query) ? await cachedOpenWindow(deps, deps.now()) : undefined),
      // The scope folds the words in the database: only for a miss the budget admitted (ADR 048).
      async () => ({
        ...toCachedJson(await listComerciosMapa(deps.db, query, deps.now())),
        scope: { ...(await comerciosScope(deps.db, query)), pins: true as const },
      }),
      { scope: (value) => value.scope, sizeOf: cachedJsonBytes, admit: missAdmission(request) },
    );
    return sendCachedJson(request, publicData(reply), entry);
  });

  route(contract.comercios.sugerencias, async ({ request, reply, query }) => {
    return sendCachedJson(request, publicData(reply), await cachedSugerencias(deps, query.q, missAdmission(request)));
  });

  route(contract.comercios.categorias, async ({ request, reply }) => {
    return sendCachedJson(request, publicData(reply), await cachedComercioCategorias(deps));
  });

  route(contract.comercios.detail, async ({ request, reply, params: { id } }) => {
    // The owner's view differs from everyone else's (esPropio, unpublished preview): never share it.
    const viewer = hasSessionCookie(request) ? ((await sessionUser(deps.auth, request))?.id ?? null) : null;
    if (viewer) {
      privateData(reply);
      const detalle = await getComercioDetalle(deps.db, id, viewer, deps.now());
      // The owner looking at their own page is not a visit.
      if (!detalle.esPropio && detalle.publicado) deps.stats.count(visitorOf(request), id, 'visitas');
      return detalle;
    }
    // "Not found" is cached too: a hidden or unknown id costs no query until that business changes.
    const entry = await cachedComercioDetalle(deps, id, missAdmission(request));
    if (!entry) throw notFound('No encontramos este comercio.');
    // Counted in memory (also when the answer comes from the cache or is a 304): no database write here.
    deps.stats.count(visitorOf(request), id, 'visitas');
    return sendCachedJson(request, publicData(reply), entry);
  });
};
