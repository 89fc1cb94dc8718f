import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a browser shows when a write comes from an address this server does not serve (Spanish, voseo). */
export function forbiddenOriginMessage(publicUrl: string): string {
  return `Rechazamos la solicitud porque la página no se abrió desde la dirección de Vidriera. Abrí ${new URL(publicUrl).origin} e intentá nuevamente.`;
}

/**
 * A second line against cross-site requests (after SameSite=Lax cookies): a browser's write must come from
 * one of our origins. It applies to every unsafe method whatever the path (a path can be spelled many ways;
 * the method cannot). Webhooks come from servers, with no Origin.
 */
export function registerOriginCheck(app: FastifyInstance, allowed: string[], publicUrl: string): void {
  const origins = new Set(allowed);
  const message = forbiddenOriginMessage(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      request.log.warn({ origin }, 'write refused: origin not allowed');
      return reply.status(403).header('cache-control', 'no-store').send(errorBody('forbidden_origin', message));
    }
  });
}
