import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '#shared/schemas/auth';
import { AppError } from '#server/http/errors';
import type { Auth } from './auth';

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Better Auth's session cookie (with the __Secure- prefix over https): without it there is no session to look up. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.cookie ?? '');
}

/** The signed-in user of a request (looked up once per request), or null for a guest. */
export function sessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = auth.api
      .getSession({ headers: fromNodeHeaders(request.headers) })
      .then((s) => (s ? { id: s.user.id, email: s.user.email, name: s.user.name } : null));
    cache.set(request, pending);
  }
  return pending;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(auth, request);
  if (!user) throw new AppError(401, 'unauthenticated', 'Iniciá sesión para continuar.');
  return user;
}
