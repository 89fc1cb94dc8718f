import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contract } from '#shared/contract';
import { hasSessionCookie, requireUser } from '#server/auth/session';
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
import { readForEdit } from './owner-edit';

const WRITE_BODY_LIMIT = 512 * 1024;

/**
 * A save's read of the business, started while the session is looked up (route.ts `early`): only with a session
 * cookie and a well-formed id, so a guest costs no read. Ownership is checked on what it returns, once the user is
 * known.
 */
const earlyEditRead = (db: AppDeps['db']) => (request: FastifyRequest) => {
  if (!hasSessionCookie(request)) return undefined;
  const params = contract.comercios.update.params.safeParse(request.params);
  return params.success ? readForEdit(db, params.data.id) : undefined;
};

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

  const early = earlyEditRead(deps.db);
  route(
    contract.comercios.update,
    async ({ user, params, body: { promociones, revision, ...values }, early: read }) => {
      // Only what this business could appear in is cleared; a draft's edits clear nothing.
      const now = deps.now();
      const { saved, change } = await updateComercio(
        deps.db,
        user,
        params.id,
        values,
        promociones,
        now,
        read,
        revision,
      );
      await deps.changes.changed([change]);
      return saved;
    },
    { bodyLimit: WRITE_BODY_LIMIT, early },
  );

  route(
    contract.comercios.savePromociones,
    async ({ user, params, body, early: read }) => {
      const { items, change } = await savePromociones(deps.db, user, params.id, body.promociones, deps.now(), read);
      await deps.changes.changed([change]);
      return { items };
    },
    { bodyLimit: WRITE_BODY_LIMIT, early },
  );

  route(contract.comercios.remove, async ({ request, user, params: { id }, noContent }) => {
    await deps.changes.changed([await deleteComercio(deps.db, user, id, deps.now())]);
    request.log.info({ comercioId: id, userId: user.id }, 'comercio deleted');
    return noContent();
  });
};
