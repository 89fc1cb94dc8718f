import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contract } from '#shared/contract';
import type { AppDeps } from '#server/deps';
import { contractRoutes } from '#server/http/route';
import { listAuditoria } from './auditoria';
import { getComercio, hideComercio, listComercios, restoreComercio } from './comercios';
import { listCuentas } from './cuentas';
import { dismissDenuncia, hideReportedOpinion, listDenuncias, targetOfDenuncia } from './denuncias';
import { requireOperator, type Operator } from './guard';
import { demoteOperator, promoteOperator } from './operadores';
import { listPagos } from './pagos';
import { confirmPassword } from './password';
import { refundPago } from './reembolsos';
import { resumen } from './resumen';
import { comercioOfRevision, listRevisiones, rejectRevision } from './revisiones';
import { reinstateAccount, suspendAccount } from './suspension';

/**
 * Every /api/operador route (contract.operador) is registered inside this plugin, whose onRequest hook runs
 * requireOperator before anything else: a route added here cannot skip the check (routes.test.ts enumerates
 * them all from the router).
 */
export const operadorRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    // The only route an operator reaches before enrolling the second factor is /me (the console asks to enrol).
    await requireOperator(deps, request, { withoutTwoFactor: request.routeOptions.url === contract.operador.me.path });
  });
  const operator = (request: FastifyRequest): Promise<Operator> => requireOperator(deps, request);
  const route = contractRoutes(app, async () => null);
  const op = contract.operador;

  route(op.me, async ({ request }) => requireOperator(deps, request, { withoutTwoFactor: true }));
  route(op.promote, async ({ request, body }) => ({
    promoted: await promoteOperator(deps.db, await operator(request), body.email, body.motivo || null),
  }));
  route(op.demote, async ({ request, reply, params, body }) => {
    const actor = await operator(request);
    await confirmPassword(deps, reply, actor.id, body.password);
    await demoteOperator(deps.db, actor, { id: params.id }, body.motivo, deps.config.OPERATOR_EMAILS);
    return { ok: true as const };
  });
  route(op.auditoria, async ({ query: { page } }) => listAuditoria(deps.db, page));
  route(op.resumen, async ({ query }) => resumen(deps.db, query.dias, deps.now()));

  route(op.comercios, async ({ query }) => listComercios(deps.db, query, deps.now()));
  route(op.comercio, async ({ params }) => getComercio(deps.db, params.id, deps.now()));
  route(op.hide, async ({ request, params, body }) => {
    const change = await hideComercio(deps.db, await operator(request), params.id, body.motivo, deps.now());
    // After the commit: every instance drops the answers the business was in.
    await deps.changes.changed([change]);
    return getComercio(deps.db, params.id, deps.now());
  });
  route(op.restore, async ({ request, params, body }) => {
    const change = await restoreComercio(deps.db, await operator(request), params.id, body.motivo, deps.now());
    await deps.changes.changed([change]);
    return getComercio(deps.db, params.id, deps.now());
  });

  route(op.pagos, async ({ query }) => listPagos(deps.db, query));
  route(op.refund, async ({ request, reply, params, body }) => {
    const actor = await operator(request);
    await confirmPassword(deps, reply, actor.id, body.password);
    const change = await refundPago(
      { db: deps.db, provider: deps.payments.provider },
      actor,
      params.id,
      body,
      deps.now(),
    );
    if (change) await deps.changes.changed([change]);
    return { ok: true as const };
  });

  route(op.denuncias, async ({ query }) => listDenuncias(deps.db, query));
  route(op.resolve, async ({ request, params, body }) => {
    const actor = await operator(request);
    if (body.accion === 'descartar') {
      await dismissDenuncia(deps.db, actor, params.id, body.nota, deps.now());
    } else {
      const { comercioId, opinionId } = await targetOfDenuncia(deps.db, params.id);
      // A report on an opinion hides that opinion; any other hides the business.
      const change = opinionId
        ? await hideReportedOpinion(deps.db, actor, params.id, body.nota, deps.now())
        : await hideComercio(deps.db, actor, comercioId, body.nota, deps.now(), { denunciaId: params.id });
      if (change) await deps.changes.changed([change]);
    }
    return { ok: true as const };
  });

  route(op.revisiones, async ({ query }) => listRevisiones(deps.db, query));
  route(op.resolveRevision, async ({ request, params, body }) => {
    const actor = await operator(request);
    if (body.accion === 'rechazar') {
      await rejectRevision(deps.db, actor, params.id, body.nota, deps.now());
    } else {
      const comercioId = await comercioOfRevision(deps.db, params.id);
      const change = await restoreComercio(deps.db, actor, comercioId, body.nota, deps.now(), {
        revisionId: params.id,
      });
      await deps.changes.changed([change]);
    }
    return { ok: true as const };
  });

  route(op.cuentas, async ({ query }) => listCuentas(deps.db, query));
  route(op.suspend, async ({ request, reply, params, body }) => {
    const actor = await operator(request);
    await confirmPassword(deps, reply, actor.id, body.password);
    const changes = await suspendAccount(deps.db, actor, params.id, body.motivo, deps.now());
    if (changes.length) await deps.changes.changed(changes);
    return { ok: true as const };
  });
  route(op.reinstate, async ({ request, params, body }) => {
    const changes = await reinstateAccount(deps.db, await operator(request), params.id, body.motivo, deps.now());
    if (changes.length) await deps.changes.changed(changes);
    return { ok: true as const };
  });
};
