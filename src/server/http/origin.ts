import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A second line against cross-site requests (after SameSite=Lax cookies): a browser's write must come from
 * one of our origins. Better Auth checks its own routes; webhooks come from servers, with no Origin.
 */
export function registerOriginCheck(app: FastifyInstance, allowed: string[]): void {
  const origins = new Set(allowed);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      return reply.status(403).send(errorBody('forbidden_origin', 'Solicitud rechazada: origen no permitido.'));
    }
  });
}
