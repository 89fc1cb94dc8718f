import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '#shared/schemas/auth';
import { AppError } from '#server/http/errors';
import type { Auth } from './auth';
import { readCookies, readSignedCookie } from './signed-cookie';

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Better Auth's session cookie (with the __Secure- prefix over https): without it there is no session to look up. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.cookie ?? '');
}

/** The signed-in user of a request (looked up once per request), or null for a guest. */
export function sessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(auth, request);
    cache.set(request, pending);
  }
  return pending;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(auth, request);
  if (!user) throw new AppError(401, 'unauthenticated', 'Iniciá sesión para continuar.');
  return user;
}

type Found = { user: { id: string; email: string; name: string; suspendedAt?: Date | null } } | null;
/** A suspended account has no session, whatever row is left (its sessions are deleted with the suspension). */
const toUser = (s: Found): SessionUser | null =>
  s && !s.user.suspendedAt ? { id: s.user.id, email: s.user.email, name: s.user.name } : null;

/** Better Auth's own lookup: every case, including the ones that write (expiry, refresh). */
function fullLookUp(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  return auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then(toUser);
}

/**
 * The common case without Better Auth's endpoint machinery (ADR 008): the cookie's signature checked
 * synchronously, then the same `findSession` query Better Auth runs. Every case where `getSession` would do
 * more than read (an expired session to delete, a sliding expiry to push forward, a "don't remember me"
 * session) goes through `getSession` itself, so sessions behave exactly as Better Auth defines them.
 */
async function lookUp(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const ctx = await auth.$context;
  const cookies = readCookies(request.headers.cookie);
  const token = readSignedCookie(cookies, ctx.authCookies.sessionToken.name, ctx.secret);
  if (!token) return null;
  // Any such cookie, signed or not: Better Auth decides (an unsigned one only costs the longer road).
  if (cookies[ctx.authCookies.dontRememberToken.name] !== undefined) return fullLookUp(auth, request);
  const found = await ctx.internalAdapter.findSession(token);
  if (!found) return null;
  const { expiresIn, updateAge } = ctx.sessionConfig;
  const expiresAt = found.session.expiresAt.valueOf();
  const now = Date.now();
  if (expiresAt < now || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return fullLookUp(auth, request);
  return toUser(found);
}
