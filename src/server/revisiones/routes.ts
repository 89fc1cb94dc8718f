import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '#shared/contract';
import { REVISIONES_DEMASIADAS } from '#shared/revisiones';
import { countAttempt } from '#server/auth/rate-limit-store';
import { hasSessionCookie, requireUser, sessionUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import { AppError } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { latestRevision, pedirRevision } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Review requests one account may send per day, whatever their answer (a refused one counts too), counted in the
 * shared database like the other limits. One pending request per business already bounds what reaches the
 * operators; this bounds an account trying again and again after each rejection.
 */
export const REVISIONES_PER_ACCOUNT_PER_DAY = 10;

/** "Pedir revisión" (issue 33): owner only; the service checks the ownership and the hiding. */
export const revisionesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  app.addHook('onSend', async (_request, reply) => {
    privateData(reply);
  });

  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    // A guest is answered 401 by the route; only a signed-in account has a count.
    const user = hasSessionCookie(request) ? await sessionUser(deps.auth, request) : null;
    if (!user) return;
    const hit = await countAttempt(deps.db, `revision:account:${user.id}`, DAY_MS, deps.now());
    if (hit.current > REVISIONES_PER_ACCOUNT_PER_DAY) {
      reply.header('retry-after', Math.ceil(hit.ttl / 1000));
      throw new AppError(429, 'too_many_requests', REVISIONES_DEMASIADAS);
    }
  };

  route(contract.revisiones.latest, async ({ user, params: { id } }) => ({
    revision: await latestRevision(deps.db, user.id, id),
  }));

  route(
    contract.revisiones.create,
    async ({ user, params: { id }, body, send }) =>
      send(await pedirRevision(deps.db, user, id, body.nota, deps.now()), 201),
    { preHandler: limit },
  );
};
