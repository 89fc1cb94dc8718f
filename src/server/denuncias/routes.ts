import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { DENUNCIA_GRACIAS, DENUNCIAS_DEMASIADAS } from '#shared/denuncias';
import { countAttempt } from '#server/auth/rate-limit-store';
import { hasSessionCookie, sessionUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { createDenuncia } from './service';

const HOUR_MS = 60 * 60 * 1000;

/** "Denunciar": anyone may report, no account needed; limited per client address in the shared database. */
export const denunciasRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Counted before validation (a preHandler runs before the contract's schema), like sign-in: a flood of
  // malformed reports costs the sender their tries too.
  const limit = async (request: { ip: string }, reply: { header(k: string, v: number): unknown }) => {
    const key = `denuncia:address:${createHash('sha256').update(request.ip).digest('base64url')}`;
    const hit = await countAttempt(deps.db, key, HOUR_MS, deps.now());
    if (hit.current > deps.config.REPORT_LIMIT_PER_HOUR) {
      reply.header('retry-after', Math.ceil(hit.ttl / 1000));
      throw new AppError(429, 'too_many_requests', DENUNCIAS_DEMASIADAS);
    }
  };
  const route = contractRoutes(app, async () => null);
  route(
    contract.denuncias.create,
    async ({ request, body, reply, send }) => {
      // Reports need no account; a signed-in reporter is known only to refuse a report of their own opinion.
      const reporter =
        body.opinionId !== undefined && hasSessionCookie(request) ? await sessionUser(deps.auth, request) : null;
      const id = await createDenuncia(deps.db, body, deps.now(), reporter?.id ?? null);
      reply.header('cache-control', 'no-store');
      return send({ id, mensaje: DENUNCIA_GRACIAS }, 201);
    },
    { preHandler: limit },
  );
};
