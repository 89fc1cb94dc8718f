import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData, publicData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { addFavorito, listMisFavoritos, mergeFavoritos, removeFavorito } from './cuenta';
import { listFavoritos } from './service';

export const favoritosRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  // Not kept in the public cache: every device has its own set of ids, so an answer would rarely be reused.
  route(contract.favoritos.list, async ({ reply, query }) => {
    publicData(reply);
    return listFavoritos(deps.db, query, deps.now());
  });

  // A signed-in person's own favourites (ADR 020): private answers, never cached.
  route(contract.favoritos.mine, async ({ reply, user }) => {
    privateData(reply);
    return { items: await listMisFavoritos(deps.db, user.id) };
  });
  route(contract.favoritos.add, async ({ user, params, noContent }) => {
    await addFavorito(deps.db, user.id, params, deps.now());
    return noContent();
  });
  route(contract.favoritos.remove, async ({ user, params, noContent }) => {
    await removeFavorito(deps.db, user.id, params);
    return noContent();
  });
  route(contract.favoritos.merge, async ({ reply, user, body }) => {
    privateData(reply);
    return { items: await mergeFavoritos(deps.db, user.id, body.items, deps.now()) };
  });
};
