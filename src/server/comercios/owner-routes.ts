import type { FastifyPluginAsync } from 'fastify';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { privateData } from '#server/http/cache';
import { contractRoutes } from '#server/http/route';
import {
  createComercio,
  deleteComercio,
  getComercioEditable,
  listMisComercios,
  savePromociones,
  updateComercio,
} from './owner-service';

const WRITE_BODY_LIMIT = 512 * 1024;

/** Everything an owner does to their businesses. Ownership is checked here, on every call. */
export const comerciosOwnerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  app.addHook('onSend', async (_request, reply) => {
    privateData(reply);
  });

  route(contract.comercios.mine, async ({ user }) => ({ items: await listMisComercios(deps.db, user.id) }));

  route(
    contract.comercios.create,
    async ({ request, user, body, send }) => {
      // New businesses are unpublished: the public lists did not change.
      const created = await createComercio(deps.db, user, body);
      request.log.info({ comercioId: created.id, userId: user.id }, 'comercio created');
      return send(created, 201);
    },
    { bodyLimit: WRITE_BODY_LIMIT },
  );

  route(contract.comercios.editable, async ({ user, params }) => getComercioEditable(deps.db, user.id, params.id));

  route(
    contract.comercios.update,
    async ({ user, params, body: { promociones, ...values } }) => {
      // Only what this business could appear in is cleared; a draft's edits clear nothing.
      const { saved, change } = await updateComercio(deps.db, user, params.id, values, promociones, deps.now());
      await deps.changes.changed([change]);
      return saved;
    },
    { bodyLimit: WRITE_BODY_LIMIT },
  );

  route(
    contract.comercios.savePromociones,
    async ({ user, params, body }) => {
      const { items, change } = await savePromociones(deps.db, user, params.id, body.promociones, deps.now());
      await deps.changes.changed([change]);
      return { items };
    },
    { bodyLimit: WRITE_BODY_LIMIT },
  );

  route(contract.comercios.remove, async ({ request, user, params: { id }, noContent }) => {
    await deps.changes.changed([await deleteComercio(deps.db, user, id, deps.now())]);
    request.log.info({ comercioId: id, userId: user.id }, 'comercio deleted');
    return noContent();
  });
};
