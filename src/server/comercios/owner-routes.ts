import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { comercioInputSchema } from '#shared/schemas/comercio';
import { promocionesInputSchema } from '#shared/schemas/promocion';
import { idParam } from '#shared/schemas/queries';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import {
  createComercio,
  deleteComercio,
  getComercioEditable,
  listMisComercios,
  savePromociones,
  updateComercio,
} from './owner-service';

/** An edit may carry the promotion list, saved in the same transaction as the business. */
const updateBody = z.object({ promociones: promocionesInputSchema.optional() }).passthrough();
const promocionesBody = z.object({ promociones: promocionesInputSchema });
const WRITE_BODY_LIMIT = 512 * 1024;

/** Everything an owner does to their businesses. Ownership is checked here, on every call. */
export const comerciosOwnerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    privateData(reply);
  });

  app.get('/api/mis-comercios', async (request) => {
    const user = await requireUser(deps.auth, request);
    return { items: await listMisComercios(deps.db, user.id) };
  });

  app.post('/api/comercios', { bodyLimit: WRITE_BODY_LIMIT }, async (request, reply) => {
    const user = await requireUser(deps.auth, request);
    const values = comercioInputSchema.parse(request.body);
    // New businesses are unpublished: the public lists did not change.
    const created = await createComercio(deps.db, user.id, values);
    request.log.info({ comercioId: created.id, userId: user.id }, 'comercio created');
    return reply.status(201).send(created);
  });

  app.get('/api/comercios/:id/editar', async (request) => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    return getComercioEditable(deps.db, user.id, id);
  });

  app.put('/api/comercios/:id', { bodyLimit: WRITE_BODY_LIMIT }, async (request) => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    const values = comercioInputSchema.parse(request.body);
    const { promociones } = updateBody.parse(request.body);
    // Only what this business could appear in is cleared; a draft's edits clear nothing.
    const { saved, change } = await updateComercio(deps.db, user.id, id, values, promociones, deps.now());
    await deps.changes.changed([change]);
    return saved;
  });

  app.put('/api/comercios/:id/promociones', { bodyLimit: WRITE_BODY_LIMIT }, async (request) => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    const { promociones } = promocionesBody.parse(request.body);
    const { items, change } = await savePromociones(deps.db, user.id, id, promociones, deps.now());
    await deps.changes.changed([change]);
    return { items };
  });

  app.delete('/api/comercios/:id', async (request, reply) => {
    const user = await requireUser(deps.auth, request);
    const { id } = idParam.parse(request.params);
    await deps.changes.changed([await deleteComercio(deps.db, user.id, id, deps.now())]);
    request.log.info({ comercioId: id, userId: user.id }, 'comercio deleted');
    return reply.status(204).send();
  });
};
