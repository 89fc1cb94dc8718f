import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { DENUNCIA_GRACIAS, DENUNCIAS_DEMASIADAS, denunciaSchema } from '#shared/denuncias';
import { countAttempt } from '#server/auth/rate-limit-store';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/http/errors';
import { createDenuncia } from './service';

const HOUR_MS = 60 * 60 * 1000;

/** "Denunciar": anyone may report, no account needed; limited per client address in the shared database. */
export const denunciasRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.post('/api/denuncias', async (request, reply) => {
    // Counted before validation, like sign-in: a flood of malformed reports costs the sender their tries too.
    const key = `denuncia:address:${createHash('sha256').update(request.ip).digest('base64url')}`;
    const hit = await countAttempt(deps.db, key, HOUR_MS, deps.now());
    if (hit.current > deps.config.REPORT_LIMIT_PER_HOUR) {
      reply.header('retry-after', Math.ceil(hit.ttl / 1000));
      throw new AppError(429, 'too_many_requests', DENUNCIAS_DEMASIADAS);
    }
    const id = await createDenuncia(deps.db, denunciaSchema.parse(request.body), deps.now());
    return reply.status(201).header('cache-control', 'no-store').send({ id, mensaje: DENUNCIA_GRACIAS });
  });
};
