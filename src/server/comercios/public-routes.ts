import type { FastifyPluginAsync } from 'fastify';
import { comercioListQuery, idParam } from '../../shared/schemas/queries';
import { hasSessionCookie, sessionUser } from '../auth/session';
import type { AppDeps } from '../deps';
import { sendCachedJson, toCachedJson } from '../http/cached-json';
import { AppError, notFound } from '../http/errors';
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
    // "Not found" is cached too: a hidden or unknown id costs no query until the next write.
    const entry = await deps.publicCache.get(`/api/comercios/${id}`, async () => {
      try {
        return toCachedJson(await getComercioDetalle(deps.db, id, null, deps.now()));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      }
    });
    if (!entry) throw notFound('No encontramos este comercio.');
    return sendCachedJson(request, publicData(reply), entry);
  });
};
