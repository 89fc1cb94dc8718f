import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  hideSchema,
  OPERADOR_PAGE_SIZE,
  operadorComerciosQuery,
  operadorPagosQuery,
  operadorCuentasQuery,
  operadorDenunciasQuery,
  resumenQuery,
  pageQuery,
  promoteOperatorSchema,
  refundSchema,
  reinstateSchema,
  resolverDenunciaSchema,
  suspendSchema,
  type AuditRow,
  type Paged,
} from '#shared/operador';
import { idParam } from '#shared/schemas/queries';
import { auditLog } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { requireOperator, type Operator } from './guard';
import { getComercio, hideComercio, listComercios, restoreComercio } from './comercios';
import { listCuentas } from './cuentas';
import { confirmPassword } from './password';
import { refundPago } from './reembolsos';
import { reinstateAccount, suspendAccount } from './suspension';
import { resumen } from './resumen';
import { comercioOfDenuncia, dismissDenuncia, listDenuncias } from './denuncias';
import { promoteOperator } from './operadores';
import { listPagos } from './pagos';

/**
 * Every /api/operador route is registered inside this plugin, whose onRequest hook runs requireOperator
 * before anything else: a route added here cannot skip the check (routes.test.ts enumerates them all).
 */
export const operadorRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    // The only route an operator reaches before enrolling the second factor is /me (the console asks to enrol).
    await requireOperator(deps, request, { withoutTwoFactor: request.routeOptions.url === '/api/operador/me' });
  });
  const operator = (request: FastifyRequest): Promise<Operator> => requireOperator(deps, request);

  app.get('/api/operador/me', async (request) => requireOperator(deps, request, { withoutTwoFactor: true }));

  app.post('/api/operador/operadores', async (request) => {
    const body = promoteOperatorSchema.parse(request.body);
    const actor = await operator(request);
    const promoted = await promoteOperator(deps.db, actor, body.email, body.motivo || null);
    return { promoted };
  });

  app.get('/api/operador/auditoria', async (request): Promise<Paged<AuditRow>> => {
    const { page } = pageQuery.parse(request.query);
    const rows = await deps.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(OPERADOR_PAGE_SIZE + 1)
      .offset((page - 1) * OPERADOR_PAGE_SIZE);
    return {
      page,
      hasMore: rows.length > OPERADOR_PAGE_SIZE,
      items: rows.slice(0, OPERADOR_PAGE_SIZE).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
  });

  app.get('/api/operador/comercios', async (request) =>
    listComercios(deps.db, operadorComerciosQuery.parse(request.query), deps.now()),
  );
  app.get('/api/operador/comercios/:id', async (request) =>
    getComercio(deps.db, idParam.parse(request.params).id, deps.now()),
  );
  app.post('/api/operador/comercios/:id/ocultar', async (request) => {
    const { id } = idParam.parse(request.params);
    const { motivo } = hideSchema.parse(request.body);
    const change = await hideComercio(deps.db, await operator(request), id, motivo, deps.now());
    // After the commit: every instance drops the answers the business was in.
    await deps.changes.changed([change]);
    return getComercio(deps.db, id, deps.now());
  });
  app.post('/api/operador/comercios/:id/restaurar', async (request) => {
    const { id } = idParam.parse(request.params);
    const { motivo } = hideSchema.parse(request.body);
    const change = await restoreComercio(deps.db, await operator(request), id, motivo, deps.now());
    await deps.changes.changed([change]);
    return getComercio(deps.db, id, deps.now());
  });

  app.get('/api/operador/pagos', async (request) => listPagos(deps.db, operadorPagosQuery.parse(request.query)));

  app.get('/api/operador/denuncias', async (request) =>
    listDenuncias(deps.db, operadorDenunciasQuery.parse(request.query)),
  );
  app.post('/api/operador/denuncias/:id/resolver', async (request) => {
    const { id } = idParam.parse(request.params);
    const { accion, nota } = resolverDenunciaSchema.parse(request.body);
    const actor = await operator(request);
    if (accion === 'descartar') {
      await dismissDenuncia(deps.db, actor, id, nota, deps.now());
    } else {
      const comercioId = await comercioOfDenuncia(deps.db, id);
      const change = await hideComercio(deps.db, actor, comercioId, nota, deps.now(), { denunciaId: id });
      await deps.changes.changed([change]);
    }
    return { ok: true };
  });

  app.get('/api/operador/resumen', async (request) =>
    resumen(deps.db, resumenQuery.parse(request.query).dias, deps.now()),
  );
  app.get('/api/operador/cuentas', async (request) => listCuentas(deps.db, operadorCuentasQuery.parse(request.query)));

  app.post('/api/operador/pagos/:id/reembolsar', async (request) => {
    const { id } = idParam.parse(request.params);
    const body = refundSchema.parse(request.body);
    const actor = await operator(request);
    await confirmPassword(deps.db, deps.auth, actor.id, body.password);
    const change = await refundPago({ db: deps.db, provider: deps.payments.provider }, actor, id, body, deps.now());
    if (change) await deps.changes.changed([change]);
    return { ok: true };
  });

  const userParam = (request: FastifyRequest) => userIdParam.parse(request.params).id;
  app.post('/api/operador/cuentas/:id/suspender', async (request) => {
    const body = suspendSchema.parse(request.body);
    const actor = await operator(request);
    await confirmPassword(deps.db, deps.auth, actor.id, body.password);
    const changes = await suspendAccount(deps.db, actor, userParam(request), body.motivo, deps.now());
    if (changes.length) await deps.changes.changed(changes);
    return { ok: true };
  });
  app.post('/api/operador/cuentas/:id/reincorporar', async (request) => {
    const { motivo } = reinstateSchema.parse(request.body);
    const changes = await reinstateAccount(deps.db, await operator(request), userParam(request), motivo, deps.now());
    if (changes.length) await deps.changes.changed(changes);
    return { ok: true };
  });
};

/** Better Auth's user ids: letters, digits, - and _ (never a path or a query). */
const userIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Cuenta inválida.'),
});
