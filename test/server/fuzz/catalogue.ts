import { z } from 'zod';
import { contract, type EndpointDef } from '#shared/contract';
import { cuenta } from '#shared/contract/cuenta';
import { comercioInputSchema } from '#shared/schemas/comercio';
import { promocionesInputSchema } from '#shared/schemas/promocion';
import type { Auth } from '#server/auth/auth';

/**
 * Every route the fuzz attacks, with what it takes. The Fastify routes are listed here by hand, each with its
 * contract endpoint (method, path, body or query schema) and the fuzz's own weights; the test compares this list with the routes the app really registered
 * and fails on any route missing here, so a new route cannot be forgotten. Better Auth's endpoints behind
 * the /api/auth/* catch-all are read from Better Auth itself.
 */

/** `operator`: the console's routes, which every actor of the fuzz (guest, owners) must find closed (404). */
export type Area = 'public' | 'owner' | 'payment' | 'auth' | 'asset' | 'ops' | 'operator';

export type BodyKind =
  | { kind: 'none' }
  | { kind: 'json'; schema: z.ZodType; extra?: 'comercio-refs' | 'payment-refs' }
  | { kind: 'image' }
  | { kind: 'webhook' };

export interface Target {
  method: string;
  /** The route's path with :params. */
  path: string;
  area: Area;
  body: BodyKind;
  query?: z.ZodType;
  /** Share of the cases (writes and auth get more). */
  weight: number;
  /** The Fastify route this target exercises (for the coverage check). */
  route: string;
}

/** The edit form's body: the business and, optionally, its promotion list (saved together). */
const comercioEditSchema = z.object({
  ...(comercioInputSchema as unknown as { _zod: { def: { in: z.ZodObject } } })._zod.def.in.shape,
  promociones: promocionesInputSchema.optional(),
});

/** What Better Auth's endpoints read, in one shape: the fuzz sends it, hostile, to each of them. */
export const authBodySchema = z.object({
  email: z.email().optional(),
  password: z.string().min(6).max(128).optional(),
  name: z.string().max(120).optional(),
  image: z.string().max(300).optional(),
  newEmail: z.email().optional(),
  currentPassword: z.string().min(6).max(128).optional(),
  newPassword: z.string().min(6).max(128).optional(),
  revokeOtherSessions: z.boolean().optional(),
  token: z.string().max(64).optional(),
  callbackURL: z.string().max(200).optional(),
  provider: z.string().max(20).optional(),
  idToken: z.object({ token: z.string() }).optional(),
  rememberMe: z.boolean().optional(),
});

const json = (schema: z.ZodType, extra?: 'comercio-refs' | 'payment-refs'): BodyKind => ({
  kind: 'json',
  schema,
  extra,
});
const NONE: BodyKind = { kind: 'none' };

/** Method and path of a contract endpoint (a path renamed in the contract moves here too). */
const at = (e: EndpointDef) => [e.method, e.path] as const;

/** [method, path, area, body, query, weight] of every route of ours. */
const OWN_ROUTES: Array<[string, string, Area, BodyKind, z.ZodType | undefined, number]> = [
  [...at(contract.ops.ping), 'ops', NONE, undefined, 1],
  [...at(contract.ops.health), 'ops', NONE, undefined, 1],
  [...at(contract.comercios.list), 'public', NONE, contract.comercios.list.query, 3],
  [...at(contract.comercios.mapa), 'public', NONE, contract.comercios.mapa.query, 2],
  [...at(contract.favoritos.list), 'public', NONE, contract.favoritos.list.query, 2],
  [...at(contract.comercios.categorias), 'public', NONE, undefined, 1],
  [...at(contract.comercios.sugerencias), 'public', NONE, contract.comercios.sugerencias.query, 2],
  [...at(contract.comercios.detail), 'public', NONE, undefined, 2],
  [...at(contract.promociones.list), 'public', NONE, contract.promociones.list.query, 3],
  [...at(contract.promociones.destacadas), 'public', NONE, contract.promociones.destacadas.query, 1],
  [...at(contract.promociones.categorias), 'public', NONE, undefined, 1],
  [...at(contract.imagenes.file), 'asset', NONE, undefined, 2],
  [...at(contract.comercios.og), 'asset', NONE, contract.comercios.og.query, 2],
  [...at(contract.seo.robots), 'asset', NONE, undefined, 1],
  [...at(contract.seo.sitemapIndex), 'asset', NONE, undefined, 1],
  [...at(contract.seo.sitemap), 'asset', NONE, undefined, 1],
  [...at(contract.comercios.mine), 'owner', NONE, undefined, 2],
  [...at(contract.geocoder.search), 'owner', NONE, contract.geocoder.search.query, 1],
  [...at(contract.comercios.editable), 'owner', NONE, undefined, 3],
  [...at(contract.comercios.create), 'owner', json(contract.comercios.create.body, 'comercio-refs'), undefined, 6],
  [...at(contract.comercios.update), 'owner', json(comercioEditSchema, 'comercio-refs'), undefined, 8],
  [
    ...at(contract.comercios.savePromociones),
    'owner',
    json(contract.comercios.savePromociones.body, 'comercio-refs'),
    undefined,
    6,
  ],
  [...at(contract.comercios.remove), 'owner', NONE, undefined, 4],
  [...at(contract.favoritos.mine), 'owner', NONE, undefined, 1],
  [...at(contract.favoritos.add), 'owner', NONE, undefined, 2],
  [...at(contract.favoritos.remove), 'owner', NONE, undefined, 2],
  [...at(contract.favoritos.merge), 'owner', json(contract.favoritos.merge.body), undefined, 3],
  [...at(contract.imagenes.upload), 'owner', { kind: 'image' }, undefined, 3],
  [...at(contract.pagos.config), 'payment', NONE, undefined, 1],
  [...at(contract.pagos.processOrder), 'payment', json(contract.pagos.processOrder.body, 'payment-refs'), undefined, 8],
  [...at(contract.pagos.webhook), 'payment', { kind: 'webhook' }, undefined, 5],
  [...at(contract.auth.signIn), 'auth', json(contract.auth.signIn.body), undefined, 5],
  [...at(contract.auth.signUp), 'auth', json(contract.auth.signUp.body), undefined, 5],
  [...at(contract.auth.signOut), 'auth', json(authBodySchema), undefined, 3],
  [...at(contract.auth.session), 'auth', NONE, undefined, 2],
  [...at(contract.pagos.historial), 'owner', NONE, undefined, 2],
  [...at(contract.estadisticas.deComercio), 'owner', NONE, undefined, 2],
  [...at(contract.estadisticas.evento), 'public', json(contract.estadisticas.evento.body), undefined, 2],
  [...at(contract.pagos.comprobante), 'owner', NONE, undefined, 2],
  [...at(contract.auth.enableTwoFactor), 'auth', json(contract.auth.enableTwoFactor.body), undefined, 2],
  [...at(contract.auth.verifyTotp), 'auth', json(contract.auth.verifyTotp.body), undefined, 2],
  [...at(contract.auth.verifyBackupCode), 'auth', json(contract.auth.verifyBackupCode.body), undefined, 2],
  [...at(contract.denuncias.create), 'public', json(contract.denuncias.create.body), undefined, 2],
  [...at(contract.operador.me), 'operator', NONE, undefined, 1],
  [...at(contract.operador.promote), 'operator', json(contract.operador.promote.body), undefined, 1],
  [...at(contract.operador.auditoria), 'operator', NONE, contract.operador.auditoria.query, 1],
  [...at(contract.operador.comercios), 'operator', NONE, contract.operador.comercios.query, 1],
  [...at(contract.operador.comercio), 'operator', NONE, undefined, 1],
  [...at(contract.operador.hide), 'operator', json(contract.operador.hide.body), undefined, 1],
  [...at(contract.operador.restore), 'operator', json(contract.operador.restore.body), undefined, 1],
  [...at(contract.operador.pagos), 'operator', NONE, contract.operador.pagos.query, 1],
  [...at(contract.operador.denuncias), 'operator', NONE, contract.operador.denuncias.query, 1],
  [...at(contract.operador.resolve), 'operator', json(contract.operador.resolve.body), undefined, 1],
  [...at(contract.operador.resumen), 'operator', NONE, contract.operador.resumen.query, 1],
  [...at(contract.operador.cuentas), 'operator', NONE, contract.operador.cuentas.query, 1],
  [...at(contract.operador.refund), 'operator', json(contract.operador.refund.body), undefined, 1],
  [...at(contract.operador.suspend), 'operator', json(contract.operador.suspend.body), undefined, 1],
  [...at(contract.operador.demote), 'operator', json(contract.operador.demote.body), undefined, 1],
  [...at(contract.operador.reinstate), 'operator', json(contract.operador.reinstate.body), undefined, 1],
  [...at(contract.opiniones.list), 'public', NONE, contract.opiniones.list.query, 2],
  [...at(contract.opiniones.mine), 'owner', NONE, undefined, 1],
  [...at(contract.opiniones.save), 'owner', json(contract.opiniones.save.body), undefined, 5],
  [...at(contract.opiniones.remove), 'owner', NONE, undefined, 3],
  [...at(contract.opiniones.recibidas), 'owner', NONE, undefined, 2],
  [...at(contract.opiniones.responder), 'owner', json(contract.opiniones.responder.body), undefined, 4],
  [...at(contract.revisiones.latest), 'owner', NONE, undefined, 1],
  [...at(contract.revisiones.create), 'owner', json(contract.revisiones.create.body), undefined, 3],
  [...at(contract.operador.revisiones), 'operator', NONE, contract.operador.revisiones.query, 1],
  [...at(contract.operador.resolveRevision), 'operator', json(contract.operador.resolveRevision.body), undefined, 1],
  [...at(cuenta.requestPasswordReset), 'auth', json(cuenta.requestPasswordReset.body), undefined, 3],
  [...at(cuenta.resetPassword), 'auth', json(cuenta.resetPassword.body), undefined, 3],
  [...at(cuenta.sendVerificationEmail), 'auth', json(cuenta.sendVerificationEmail.body), undefined, 2],
  [...at(cuenta.verifyEmail), 'auth', json(cuenta.verifyEmail.body), undefined, 2],
  [...at(cuenta.updateName), 'auth', json(cuenta.updateName.body), undefined, 3],
  [...at(cuenta.changeEmail), 'auth', json(cuenta.changeEmail.body), undefined, 3],
  [...at(cuenta.changePassword), 'auth', json(cuenta.changePassword.body), undefined, 3],
  [...at(cuenta.deleteAccount), 'owner', json(cuenta.deleteAccount.body), undefined, 3],
];

/** Auth endpoints that write or hand out sessions get more cases than the read-only ones. */
const AUTH_WRITES =
  /update-user|change-|delete-user|revoke|sign-|reset-password|set-password|link|unlink|update-session/;

/**
 * Better Auth's endpoints (its own list). The app routes only the few it uses; the others must stay closed,
 * so they are attacked too (a route added for one of them is then checked like every other).
 */
export function authTargets(auth: Auth, catchAll: string): Target[] {
  const targets: Target[] = [];
  for (const endpoint of Object.values(
    auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
  )) {
    if (typeof endpoint?.path !== 'string' || !endpoint.options?.method) continue;
    const path = `/api/auth${endpoint.path}`;
    if (OWN_ROUTES.some(([, p]) => p === path)) continue; // ours, with our schema, listed above
    for (const method of [endpoint.options.method].flat()) {
      if (method === '*') continue;
      targets.push({
        method,
        path,
        area: 'auth',
        body: method === 'GET' ? NONE : json(authBodySchema),
        weight: AUTH_WRITES.test(path) ? 2 : 1,
        route: catchAll,
      });
    }
  }
  return targets;
}

export function fuzzTargets(auth: Auth): Target[] {
  const own = OWN_ROUTES.flatMap(([method, path, area, body, query, weight]): Target[] => {
    const target: Target = { method, path, area, body, query, weight, route: `${method} ${path}` };
    // Fastify answers HEAD for every GET route: attacked too.
    return method === 'GET' ? [target, { ...target, method: 'HEAD', weight: 1, route: `HEAD ${path}` }] : [target];
  });
  const auths = authTargets(auth, '/api/auth/*');
  const catchAll = ['GET', 'POST', 'HEAD'].map((m): Target => ({
    method: m,
    path: '/api/auth/:unknown',
    area: 'auth',
    body: m === 'POST' ? json(authBodySchema) : NONE,
    weight: 1,
    route: `${m} /api/auth/*`,
  }));
  return [...own, ...auths, ...catchAll];
}

/** Routes the app registered that no target exercises (the test fails on any). */
export function uncoveredRoutes(registered: string[], targets: Target[]): string[] {
  const covered = new Set(targets.map((t) => t.route));
  return [...new Set(registered)].filter((r) => !covered.has(r)).sort();
}
