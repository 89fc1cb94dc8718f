import type { FastifyPluginAsync } from 'fastify';
import { comercioListQuery, idParam } from '../../shared/schemas/queries';
import { sessionUser } from '../auth/session';
import type { AppDeps } from '../deps';
import { privateData, publicData } from '../http/cache';
import { getComercioDetalle, listPublishedCategorias, listPublishedComercios } from './public-service';

export const comerciosPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/api/comercios', async (request, reply) => {
    const query = comercioListQuery.parse(request.query);
    publicData(reply);
    return deps.publicCache.get(request.url, () => listPublishedComercios(deps.db, query, deps.now()));
  });

  app.get('/api/comercios/categorias', async (request, reply) => {
    publicData(reply);
    return deps.publicCache.get(request.url, async () => ({ items: await listPublishedCategorias(deps.db, deps.now()) }));
  });

  app.get('/api/comercios/:id', async (request, reply) => {
    const { id } = idParam.parse(request.params);
    const viewer = (await sessionUser(deps.auth, request))?.id ?? null;
    // The owner's view differs from everyone else's (esPropio, unpublished preview): never share it.
    if (viewer) {
      privateData(reply);
      return getComercioDetalle(deps.db, id, viewer, deps.now());
    }
    publicData(reply);
    return deps.publicCache.get(`/api/comercios/${id}`, () => getComercioDetalle(deps.db, id, null, deps.now()));
  });
};
