import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '#shared/contract';
import { OPINIONES_DEMASIADAS } from '#shared/opiniones';
import { countAttempt } from '#server/auth/rate-limit-store';
import { requireUser, sessionUser, hasSessionCookie } from '#server/auth/session';
import { cachedJsonBytes } from '#server/cache/keys';
import type { AppDeps } from '#server/deps';
import { sendCachedJson, toCachedJson } from '#server/http/cached-json';
import { privateData, publicData } from '#server/http/cache';
import { AppError, notFound } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { deleteOpinion, listOpiniones, miOpinion, opinionesRecibidas, responderOpinion, saveOpinion } from './service';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Opinion writes (write, edit, delete, answer) one account may make per hour, and one client address (several
 * accounts behind it). Counted in the shared database like the other limits, before the body is read.
 */
export const OPINION_WRITES_PER_ACCOUNT_PER_HOUR = 20;
export const OPINION_WRITES_PER_ADDRESS_PER_HOUR = 60;

const opinionesPageKey = (id: number, page: number) => `comercio/${id}/opiniones?page=${page}`;

export const opinionesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = createHash('sha256').update(request.ip).digest('base64url');
    const hits = [await countAttempt(deps.db, `opinion:address:${address}`, HOUR_MS, deps.now())];
    const overAddress = hits[0]!.current > OPINION_WRITES_PER_ADDRESS_PER_HOUR;
    // A guest is answered 401 by the route; only a signed-in account has a count of its own.
    const user = hasSessionCookie(request) ? await sessionUser(deps.auth, request) : null;
    let overAccount = false;
    if (user) {
      const hit = await countAttempt(deps.db, `opinion:account:${user.id}`, HOUR_MS, deps.now());
      hits.push(hit);
      overAccount = hit.current > OPINION_WRITES_PER_ACCOUNT_PER_HOUR;
    }
    if (overAddress || overAccount) {
      reply.header('retry-after', Math.ceil(Math.max(...hits.map((h) => h.ttl)) / 1000));
      throw new AppError(429, 'too_many_requests', OPINIONES_DEMASIADAS);
    }
  };

  // "Ver más" on a business page: public, kept in the cache with the page itself (same scope, cleared together).
  route(contract.opiniones.list, async ({ request, reply, params: { id }, query: { page } }) => {
    const entry = await deps.publicCache.get(
      opinionesPageKey(id, page),
      async () => {
        try {
          return toCachedJson(await listOpiniones(deps.db, id, page, deps.now()));
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 404) return null;
          throw err;
        }
      },
      { scope: { kind: 'detalle', id }, sizeOf: cachedJsonBytes },
    );
    if (!entry) throw notFound('No encontramos este comercio.');
    return sendCachedJson(request, publicData(reply), entry);
  });

  route(contract.opiniones.mine, async ({ reply, user, params: { id } }) => {
    privateData(reply);
    return { opinion: await miOpinion(deps.db, user.id, id) };
  });

  route(
    contract.opiniones.save,
    async ({ reply, user, params: { id }, body, send }) => {
      const { opinion, created, change } = await saveOpinion(deps.db, user.id, id, body, deps.now());
      await deps.changes.changed([change]);
      privateData(reply);
      return created ? send(opinion, 201) : opinion;
    },
    { preHandler: limit },
  );

  route(
    contract.opiniones.remove,
    async ({ user, params: { id }, noContent }) => {
      const change = await deleteOpinion(deps.db, user.id, id, deps.now());
      if (change) await deps.changes.changed([change]);
      return noContent();
    },
    { preHandler: limit },
  );

  route(contract.opiniones.recibidas, async ({ reply, user, params: { id } }) => {
    privateData(reply);
    return opinionesRecibidas(deps.db, user.id, id);
  });

  route(
    contract.opiniones.responder,
    async ({ reply, user, params: { id }, body }) => {
      const { opinion, change } = await responderOpinion(deps.db, user.id, id, body.respuesta, deps.now());
      await deps.changes.changed([change]);
      privateData(reply);
      return opinion;
    },
    { preHandler: limit },
  );
};
