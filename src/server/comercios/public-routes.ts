import type { FastifyPluginAsync } from 'fastify';
import { comercioListQuery, idParam } from '../../shared/schemas/queries';
import { hasSessionCookie, sessionUser } from '../auth/session';
import type { AppDeps } from '../deps';
import { sendCachedJson, toCachedJson } from '../http/cached-json';
import { privateData, publicData } from '../http/cache';
import { getComercioDetalle, listPublishedCategorias, listPublishedComercios } from './public-service';

export const comerciosPublicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const cached = (key: string, compute: () => Promise<unknown>) => deps.publicCache.get(key, async () => toCachedJson(await compute()));

  app.get('/api/comercios', async (request, reply) => {
    const query = comercioListQuery.parse(request.query);
    const entry = await cached(request.url, () => listPublishedComercios(deps.db, query, deps.now()));
    return sendCachedJson(request, publicData(reply), entry);
  });

  app.get('/api/comercios/categorias', async (request, reply) => {
    const entry = await cached(request.url, async () => ({ items: await listPublishedCategorias(deps.db, deps.now()) }));
    return sendCachedJson(request, publicData(reply), entry);
  });

  app.get('/api/comercios/:id', async (request, reply) => {
    const { id } = idParam.parse(request.params);
    // The owner's view differs from everyone else's (esPropio, unpublished preview): never share it.
    const viewer = hasSessionCookie(request) ? ((await sessionUser(deps.auth, request))?.id ?? null) : null;
    if (viewer) {
      privateData(reply);
      return getComercioDetalle(deps.db, id, viewer, deps.now());
    }
    const entry = await cached(`/api/comercios/${id}`, () => getComercioDetalle(deps.db, id, null, deps.now()));
    return sendCachedJson(request, publicData(reply), entry);
  });
};
