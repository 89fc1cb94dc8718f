import type { FastifyPluginAsync } from 'fastify';
import type { PagosDeComercio } from '#shared/comprobantes';
import { idParam } from '#shared/schemas/queries';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import { comprobante, pagosDeComercio } from './comprobantes';

/** What an owner reads about their payments: the history of a business and each receipt. */
export const pagosOwnerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    privateData(reply);
  });

  app.get('/api/comercios/:id/pagos', async (request): Promise<PagosDeComercio> => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    return { items: await pagosDeComercio(deps.db, user.id, id) };
  });

  app.get('/api/pagos/:id/comprobante', async (request) => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    return comprobante(deps.db, user.id, id);
  });
};
