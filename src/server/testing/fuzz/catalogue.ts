import { z } from 'zod';
import { denunciaSchema } from '#shared/denuncias';
import {
  hideSchema,
  operadorComerciosQuery,
  operadorCuentasQuery,
  resumenQuery,
  operadorDenunciasQuery,
  operadorPagosQuery,
  pageQuery,
  promoteOperatorSchema,
  refundSchema,
  reinstateSchema,
  resolverDenunciaSchema,
  suspendSchema,
} from '#shared/operador';
import { processOrderSchema } from '#shared/pagos';
import { signInSchema, signUpSchema, totpCodeSchema, twoFactorEnableSchema } from '#shared/schemas/auth';
import { comercioInputSchema } from '#shared/schemas/comercio';
import { promocionesInputSchema } from '#shared/schemas/promocion';
import { comercioListQuery, promocionListQuery } from '#shared/schemas/queries';
import type { Auth } from '#server/auth/auth';

/**
 * Every route the fuzz attacks, with what it takes. The Fastify routes are listed here by hand (each with the
 * shared schema of its body or query); the test compares this list with the routes the app really registered
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

/** [method, path, area, body, query, weight] of every route of ours. */
const OWN_ROUTES: Array<[string, string, Area, BodyKind, z.ZodType | undefined, number]> = [
  ['GET', '/api/ping', 'ops', NONE, undefined, 1],
  ['GET', '/api/health', 'ops', NONE, undefined, 1],
  ['GET', '/api/comercios', 'public', NONE, comercioListQuery, 3],
  ['GET', '/api/comercios/categorias', 'public', NONE, undefined, 1],
  ['GET', '/api/comercios/:id', 'public', NONE, undefined, 2],
  ['GET', '/api/promociones', 'public', NONE, promocionListQuery, 3],
  ['GET', '/api/promociones/destacadas', 'public', NONE, undefined, 1],
  ['GET', '/api/promociones/categorias', 'public', NONE, undefined, 1],
  ['GET', '/api/imagenes/:id/:file', 'asset', NONE, undefined, 2],
  ['GET', '/api/mis-comercios', 'owner', NONE, undefined, 2],
  ['GET', '/api/comercios/:id/editar', 'owner', NONE, undefined, 3],
  ['POST', '/api/comercios', 'owner', json(comercioInputSchema, 'comercio-refs'), undefined, 6],
  ['PUT', '/api/comercios/:id', 'owner', json(comercioEditSchema, 'comercio-refs'), undefined, 8],
  [
    'PUT',
    '/api/comercios/:id/promociones',
    'owner',
    json(z.object({ promociones: promocionesInputSchema }), 'comercio-refs'),
    undefined,
    6,
  ],
  ['DELETE', '/api/comercios/:id', 'owner', NONE, undefined, 4],
  ['POST', '/api/imagenes', 'owner', { kind: 'image' }, undefined, 3],
  ['GET', '/api/payments/config', 'payment', NONE, undefined, 1],
  ['POST', '/api/payments/process_order', 'payment', json(processOrderSchema, 'payment-refs'), undefined, 8],
  ['POST', '/api/payments/webhook', 'payment', { kind: 'webhook' }, undefined, 5],
  ['POST', '/api/auth/sign-in/email', 'auth', json(signInSchema), undefined, 5],
  ['POST', '/api/auth/sign-up/email', 'auth', json(signUpSchema), undefined, 5],
  ['POST', '/api/auth/sign-out', 'auth', json(authBodySchema), undefined, 3],
  ['GET', '/api/auth/get-session', 'auth', NONE, undefined, 2],
  ['POST', '/api/auth/two-factor/enable', 'auth', json(twoFactorEnableSchema), undefined, 2],
  ['POST', '/api/auth/two-factor/verify-totp', 'auth', json(totpCodeSchema), undefined, 2],
  ['POST', '/api/denuncias', 'public', json(denunciaSchema), undefined, 2],
  ['GET', '/api/operador/me', 'operator', NONE, undefined, 1],
  ['POST', '/api/operador/operadores', 'operator', json(promoteOperatorSchema), undefined, 1],
  ['GET', '/api/operador/auditoria', 'operator', NONE, pageQuery, 1],
  ['GET', '/api/operador/comercios', 'operator', NONE, operadorComerciosQuery, 1],
  ['GET', '/api/operador/comercios/:id', 'operator', NONE, undefined, 1],
  ['POST', '/api/operador/comercios/:id/ocultar', 'operator', json(hideSchema), undefined, 1],
  ['POST', '/api/operador/comercios/:id/restaurar', 'operator', json(hideSchema), undefined, 1],
  ['GET', '/api/operador/pagos', 'operator', NONE, operadorPagosQuery, 1],
  ['GET', '/api/operador/denuncias', 'operator', NONE, operadorDenunciasQuery, 1],
  ['POST', '/api/operador/denuncias/:id/resolver', 'operator', json(resolverDenunciaSchema), undefined, 1],
  ['GET', '/api/operador/resumen', 'operator', NONE, resumenQuery, 1],
  ['GET', '/api/operador/cuentas', 'operator', NONE, operadorCuentasQuery, 1],
  ['POST', '/api/operador/pagos/:id/reembolsar', 'operator', json(refundSchema), undefined, 1],
  ['POST', '/api/operador/cuentas/:id/suspender', 'operator', json(suspendSchema), undefined, 1],
  ['POST', '/api/operador/cuentas/:id/reincorporar', 'operator', json(reinstateSchema), undefined, 1],
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
