import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { IMAGE_ID_PATTERN } from '../../shared/images';
import type { AppDeps } from '../deps';
import { immutableAsset } from '../http/cache';
import { notFound } from '../http/errors';
import { readImageVariant } from './store';

const params = z.object({ id: z.string().regex(IMAGE_ID_PATTERN), size: z.enum(['thumb', 'large']) });

export const imagenesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/api/imagenes/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const parsed = params.safeParse({ id, size: file.replace(/\.webp$/, '') });
    if (!parsed.success || !file.endsWith('.webp')) throw notFound('No encontramos esta imagen.');
    const data = await readImageVariant(deps.db, parsed.data.id, parsed.data.size);
    if (!data) throw notFound('No encontramos esta imagen.');
    immutableAsset(reply).header('etag', `"${parsed.data.id}-${parsed.data.size}"`);
    return reply.type('image/webp').send(data);
  });
};
