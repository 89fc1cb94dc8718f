import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import { estadisticasDeComercio } from './service';

export function visitorOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Taps reported by the detail page, and the owner's statistics. Views are counted by the detail route. */
export const estadisticasRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  // Counted in memory only (no database write here); 204 whether it counted or not, so nothing leaks.
  route(
    contract.estadisticas.evento,
    async ({ request, reply, params, body, noContent }) => {
      deps.stats.count(visitorOf(request), params.id, body.tipo);
      reply.header('cache-control', 'no-store');
      return noContent();
    },
    { bodyLimit: 1024 },
  );

  route(contract.estadisticas.deComercio, async ({ reply, user, params }) => {
    privateData(reply);
    return estadisticasDeComercio(deps.db, user.id, params.id, deps.now());
  });
};
