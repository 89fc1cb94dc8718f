import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { comprobante, pagosDeComercio } from './comprobantes';

/** What an owner reads about their payments: the history of a business and each receipt. */
export const pagosOwnerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  app.addHook('onSend', async (_request, reply) => {
    privateData(reply);
  });

  route(contract.pagos.historial, async ({ user, params }) => ({
    items: await pagosDeComercio(deps.db, user.id, params.id),
  }));

  route(contract.pagos.comprobante, async ({ user, params }) => comprobante(deps.db, user.id, params.id));
};
