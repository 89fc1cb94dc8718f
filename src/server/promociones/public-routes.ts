import type { FastifyPluginAsync } from 'fastify';
import { featuredPromocionQuery, promocionListQuery } from '../../shared/schemas/queries';
import type { AppDeps } from '../deps';
import { sendCachedJson, toCachedJson } from '../http/cached-json';
import { publicData } from '../http/cache';
import { listFeaturedPromociones, listPromocionCategorias, listVisiblePromociones } from './public-service';

export const promocionesPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const cached = (key: string, compute: () => Promise<unknown>) => deps.publicCache.get(key, async () => toCachedJson(await compute()));

  app.get('/api/promociones', async (request, reply) => {
    const query = promocionListQuery.parse(request.query);
    const entry = await cached(request.url, () => listVisiblePromociones(deps.db, query, deps.now()));
    return sendCachedJson(request, publicData(reply), entry);
  });

  app.get('/api/promociones/destacadas', async (request, reply) => {
    const filters = featuredPromocionQuery.parse(request.query);
    const entry = await cached(request.url, async () => ({ items: await listFeaturedPromociones(deps.db, deps.now(), filters) }));
    return sendCachedJson(request, publicData(reply), entry);
  });

  app.get('/api/promociones/categorias', async (request, reply) => {
    const entry = await cached(request.url, async () => ({ items: await listPromocionCategorias(deps.db, deps.now()) }));
    return sendCachedJson(request, publicData(reply), entry);
  });
};
