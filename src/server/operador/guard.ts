import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { hasSessionCookie, sessionUser } from '#server/auth/session';
import { user } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { AppError, notFound } from '#server/http/errors';
import { claimAppointment, CLI_ACTOR, CLI_ADD_REASON, promoteOperator, SYSTEM_ACTOR } from './operadores';

export interface Operator {
  id: string;
  email: string;
  name: string;
  /** Enrolled in the second factor; until then the console only offers the enrolment (ADR 018). */
  twoFactorEnabled: boolean;
}

const cache = new WeakMap<FastifyRequest, Promise<Operator | null>>();

/**
 * The signed-in operator of a request, or null (guest, owner, suspended). An account listed in
 * OPERATOR_EMAILS, or appointed from the command line before it had an account, becomes an operator here,
 * the first time it is seen signed in (with its audit row).
 */
export function operatorOf(deps: AppDeps, request: FastifyRequest): Promise<Operator | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(deps, request);
    cache.set(request, pending);
  }
  return pending;
}

async function lookUp(deps: AppDeps, request: FastifyRequest): Promise<Operator | null> {
  if (!hasSessionCookie(request)) return null;
  const viewer = await sessionUser(deps.auth, request);
  if (!viewer) return null;
  const [row] = await deps.db
    .select({ role: user.role, suspendedAt: user.suspendedAt, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, viewer.id));
  if (!row || row.suspendedAt) return null;
  if (row.role !== 'operator') {
    if (deps.config.OPERATOR_EMAILS.includes(viewer.email.toLowerCase()))
      await promoteOperator(deps.db, SYSTEM_ACTOR, viewer.email, 'OPERATOR_EMAILS');
    else if (!(await claimAppointment(deps.db, CLI_ACTOR, viewer.email, CLI_ADD_REASON))) return null;
  }
  return { id: viewer.id, email: viewer.email, name: viewer.name, twoFactorEnabled: row.twoFactorEnabled };
}

/**
 * The one check every operator route and page passes. Owners and guests get the same 404 as a path that
 * does not exist: the console does not reveal that it is there.
 */
export async function requireOperator(
  deps: AppDeps,
  request: FastifyRequest,
  opts: { withoutTwoFactor?: boolean } = {},
): Promise<Operator> {
  const operator = await operatorOf(deps, request);
  if (!operator) throw notFound();
  if (!operator.twoFactorEnabled && !opts.withoutTwoFactor)
    throw new AppError(403, 'two_factor_required', TWO_FACTOR_REQUIRED);
  return operator;
}

export const TWO_FACTOR_REQUIRED =
  'Para usar la consola de operación activá primero la verificación en dos pasos con tu app de autenticación.';
