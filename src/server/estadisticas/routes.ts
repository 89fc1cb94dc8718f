import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eventoSchema, type Estadisticas } from '#shared/estadisticas';
import { idParam } from '#shared/schemas/queries';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import { estadisticasDeComercio } from './service';

export function visitorOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Taps reported by the detail page, and the owner's statistics. Views are counted by the detail route. */
export const estadisticasRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Counted in memory only (no database write here); 204 whether it counted or not, so nothing leaks.
  app.post('/api/comercios/:id/eventos', { bodyLimit: 1024 }, async (request, reply) => {
    const { id } = idParam.parse(request.params);
    const { tipo } = eventoSchema.parse(request.body);
    deps.stats.count(visitorOf(request), id, tipo);
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  app.get('/api/comercios/:id/estadisticas', async (request, reply): Promise<Estadisticas> => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    privateData(reply);
    return estadisticasDeComercio(deps.db, user.id, id, deps.now());
  });
};
