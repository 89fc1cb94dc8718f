import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
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

  // Taps per client address, counted in this instance's memory (the plugin's own LRU store, scoped to this
  // plugin): a database-backed limiter like sign-in's would write once per tap, which is what the in-memory
  // counting avoids (ADR 017). Several instances each allow the limit; what it guards is memory and the
  // visitor set, which are per instance too.
  await app.register(rateLimit, {
    global: false,
    max: deps.config.EVENT_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Behind a proxy the address comes from X-Forwarded-For (the client writes it): hashed, so the store's keys
    // are short and hold no address in clear.
    keyGenerator: (request) => createHash('sha256').update(request.ip).digest('base64url'),
    // At most this many addresses remembered; the least recent leave first.
    cache: 10_000,
  });

  // Counted in memory only (no database write here); 204 whether it counted or not, so nothing leaks. Taps for
  // a business that is not published are dropped when the counts are flushed (counter.ts).
  route(
    contract.estadisticas.evento,
    async ({ request, reply, params, body, noContent }) => {
      deps.stats.count(visitorOf(request), params.id, body.tipo);
      reply.header('cache-control', 'no-store');
      return noContent();
    },
    { bodyLimit: 1024, config: { rateLimit: {} } },
  );

  route(contract.estadisticas.deComercio, async ({ reply, user, params }) => {
    privateData(reply);
    return estadisticasDeComercio(deps.db, user.id, params.id, deps.now());
  });
};
