import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { countAttempt } from '#server/auth/rate-limit-store';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { createGeocoder, GeocoderUnavailable } from './nominatim';

const HOUR_MS = 60 * 60 * 1000;
export const GEOCODER_FAILED = 'No pudimos buscar la dirección. Probá de nuevo en un rato o marcá el punto en el mapa.';
export const GEOCODER_TOO_MANY =
  'Hiciste muchas búsquedas de direcciones. Esperá un rato o marcá el punto tocando el mapa.';
export const GEOCODER_OFF = 'La búsqueda de direcciones no está disponible: marcá el punto tocando el mapa.';

/**
 * The owner's address search (ADR 019): a proxy to GEOCODER_URL, so the browser never calls a third party,
 * the usage policy (one request per second, a User-Agent, caching) is kept in one place, and each account
 * has its own hourly allowance (counted in the shared database, like uploads).
 */
export const geocoderRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { GEOCODER_URL, GEOCODER_LIMIT_PER_HOUR, PUBLIC_URL } = deps.config;
  const geocoder = GEOCODER_URL
    ? createGeocoder({ url: GEOCODER_URL, userAgent: `Vidriera/1.0 (+${PUBLIC_URL})` })
    : null;
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  route(contract.geocoder.search, async ({ request, reply, user, query }) => {
    reply.header('cache-control', 'private, no-store');
    if (!geocoder) throw notFound(GEOCODER_OFF);
    const key = `geocoder:user:${createHash('sha256').update(user.id).digest('base64url')}`;
    const hit = await countAttempt(deps.db, key, HOUR_MS, deps.now());
    if (hit.current > GEOCODER_LIMIT_PER_HOUR) {
      reply.header('retry-after', Math.ceil(hit.ttl / 1000));
      throw new AppError(429, 'too_many_requests', GEOCODER_TOO_MANY);
    }
    try {
      return { items: await geocoder.search(query.q) };
    } catch (err) {
      if (!(err instanceof GeocoderUnavailable)) throw err;
      request.log.warn({ err }, 'geocoder failed');
      throw new AppError(502, 'geocoder_unavailable', GEOCODER_FAILED);
    }
  });
};
