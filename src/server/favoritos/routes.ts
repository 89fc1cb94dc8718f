import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { publicData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { listFavoritos } from './service';

export const favoritosRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  // Not kept in the public cache: every device has its own set of ids, so an answer would rarely be reused.
  route(contract.favoritos.list, async ({ reply, query }) => {
    publicData(reply);
    return listFavoritos(deps.db, query, deps.now());
  });
};
