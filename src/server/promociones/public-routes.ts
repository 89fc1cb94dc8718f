import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { sendCachedJson, sendFreshJson } from '#server/http/cached-json';
import { publicData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { missAdmission } from '#server/http/miss-budget';
import { cachedDestacadas, cachedPromocionCategorias, cachedPromocionList } from './public-cached';
import { listVisiblePromociones } from './public-service';

export const promocionesPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  route(contract.promociones.list, async ({ request, reply, query }) => {
    // "Cerca mío" answers skip the shared cache, as the grid's do (ADR 019).
    // Computed for this request alone: a miss of its own against the address's budget (ADR 048).
    if (query.lat !== undefined) {
      await missAdmission(request)?.();
      return sendFreshJson(request, publicData(reply), await listVisiblePromociones(deps.db, query, deps.now()));
    }
    return sendCachedJson(request, publicData(reply), await cachedPromocionList(deps, query, missAdmission(request)));
  });

  route(contract.promociones.destacadas, async ({ request, reply, query: filters }) =>
    sendCachedJson(request, publicData(reply), await cachedDestacadas(deps, filters, missAdmission(request))),
  );

  route(contract.promociones.categorias, async ({ request, reply }) =>
    sendCachedJson(request, publicData(reply), await cachedPromocionCategorias(deps)),
  );
};
