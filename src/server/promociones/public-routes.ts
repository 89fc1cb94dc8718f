import type { FastifyPluginAsync } from 'fastify';
import { promocionListQuery } from '../../shared/schemas/queries';
import type { AppDeps } from '../deps';
import { publicData } from '../http/cache';
import { listFeaturedPromociones, listPromocionCategorias, listVisiblePromociones } from './public-service';

export const promocionesPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/api/promociones', async (request, reply) => {
    const query = promocionListQuery.parse(request.query);
    publicData(reply);
    return deps.publicCache.get(request.url, () => listVisiblePromociones(deps.db, query, deps.now()));
  });

  app.get('/api/promociones/destacadas', async (request, reply) => {
    publicData(reply);
    return deps.publicCache.get(request.url, async () => ({ items: await listFeaturedPromociones(deps.db, deps.now()) }));
  });

  app.get('/api/promociones/categorias', async (request, reply) => {
    publicData(reply);
    return deps.publicCache.get(request.url, async () => ({ items: await listPromocionCategorias(deps.db, deps.now()) }));
  });
};
