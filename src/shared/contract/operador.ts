import {
  hideSchema,
  operadorComerciosQuery,
  operadorCuentasQuery,
  operadorDenunciasQuery,
  operadorPagosQuery,
  pageQuery,
  demoteSchema,
  promoteOperatorSchema,
  refundSchema,
  reinstateSchema,
  resolverDenunciaSchema,
  operadorRevisionesQuery,
  resolverRevisionSchema,
  resumenQuery,
  suspendSchema,
  userIdParam,
  type AuditRow,
  type OperadorComercioDetalle,
  type OperadorComercioRow,
  type OperadorCuentaRow,
  type OperadorDenunciaRow,
  type OperadorMe,
  type OperadorPagoRow,
  type OperadorRevisionRow,
  type Paged,
  type Resumen,
} from '#shared/operador';
import { idParam } from '#shared/schemas/queries';
import { endpoint } from './endpoint';

type Ok = { ok: true };

/**
 * The operator console (ADR 018). Every path starts with /api/operador: the server registers them inside the
 * plugin whose hook answers 404 to anyone but an operator (and 403 before the second factor, except `me`).
 */
export const operador = {
  me: endpoint<OperadorMe>()({ method: 'GET', path: '/api/operador/me' }),
  promote: endpoint<{ promoted: boolean }>()({
    method: 'POST',
    path: '/api/operador/operadores',
    body: promoteOperatorSchema,
  }),
  demote: endpoint<Ok>()({
    method: 'POST',
    path: '/api/operador/operadores/:id/quitar',
    params: userIdParam,
    body: demoteSchema,
  }),
  auditoria: endpoint<Paged<AuditRow>>()({ method: 'GET', path: '/api/operador/auditoria', query: pageQuery }),
  resumen: endpoint<Resumen>()({ method: 'GET', path: '/api/operador/resumen', query: resumenQuery }),
  comercios: endpoint<Paged<OperadorComercioRow>>()({
    method: 'GET',
    path: '/api/operador/comercios',
    query: operadorComerciosQuery,
  }),
  comercio: endpoint<OperadorComercioDetalle>()({
    method: 'GET',
    path: '/api/operador/comercios/:id',
    params: idParam,
  }),
  hide: endpoint<OperadorComercioDetalle>()({
    method: 'POST',
    path: '/api/operador/comercios/:id/ocultar',
    params: idParam,
    body: hideSchema,
  }),
  restore: endpoint<OperadorComercioDetalle>()({
    method: 'POST',
    path: '/api/operador/comercios/:id/restaurar',
    params: idParam,
    body: hideSchema,
  }),
  pagos: endpoint<Paged<OperadorPagoRow>>()({ method: 'GET', path: '/api/operador/pagos', query: operadorPagosQuery }),
  refund: endpoint<Ok>()({
    method: 'POST',
    path: '/api/operador/pagos/:id/reembolsar',
    params: idParam,
    body: refundSchema,
  }),
  denuncias: endpoint<Paged<OperadorDenunciaRow>>()({
    method: 'GET',
    path: '/api/operador/denuncias',
    query: operadorDenunciasQuery,
  }),
  resolve: endpoint<Ok>()({
    method: 'POST',
    path: '/api/operador/denuncias/:id/resolver',
    params: idParam,
    body: resolverDenunciaSchema,
  }),
  revisiones: endpoint<Paged<OperadorRevisionRow>>()({
    method: 'GET',
    path: '/api/operador/revisiones',
    query: operadorRevisionesQuery,
  }),
  /** "restaurar" shows the business again (closing the request); "rechazar" answers the owner with the note. */
  resolveRevision: endpoint<Ok>()({
    method: 'POST',
    path: '/api/operador/revisiones/:id/resolver',
    params: idParam,
    body: resolverRevisionSchema,
  }),
  cuentas: endpoint<Paged<OperadorCuentaRow>>()({
    method: 'GET',
    path: '/api/operador/cuentas',
    query: operadorCuentasQuery,
  }),
  suspend: endpoint<Ok>()({
    method: 'POST',
    path: '/api/operador/cuentas/:id/suspender',
    params: userIdParam,
    body: suspendSchema,
  }),
  reinstate: endpoint<Ok>()({
    method: 'POST',
    path: '/api/operador/cuentas/:id/reincorporar',
    params: userIdParam,
    body: reinstateSchema,
  }),
};
