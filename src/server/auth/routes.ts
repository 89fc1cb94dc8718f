import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_ERROR_MESSAGES, PASSWORD_TOO_SHORT, SIGN_UP_FALLBACK, TWO_FACTOR_MESSAGES } from '#shared/schemas/auth';
import { SECOND_FACTOR_MESSAGES } from '#shared/schemas/second-factor';
import { contract, type Endpoint, type ResponseOf } from '#shared/contract';
import { forbiddenOriginMessage } from '#server/http/origin';
import { contractRoutes, passedThrough, type Sent } from '#server/http/route';
import type { AppDeps } from '#server/deps';
import { AppError, errorBody, TOO_MANY_ATTEMPTS } from '#server/http/errors';
import { user } from '#server/db/schema';
import { noteSecondFactorAttempt, settleSecondFactor } from './enrolment';
import { databaseRateLimitStore } from './rate-limit-store';
import { hasSessionCookie, sessionUser } from './session';

const WINDOW = '15 minutes';

/** Better Auth's error codes, in the words of the spec's error catalogue (§8). */
const TRANSLATIONS: Record<string, [string, string]> = {
  INVALID_EMAIL_OR_PASSWORD: ['invalid_credentials', AUTH_ERROR_MESSAGES.invalid_credentials],
  USER_ALREADY_EXISTS: ['user_exists', AUTH_ERROR_MESSAGES.user_exists],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ['user_exists', AUTH_ERROR_MESSAGES.user_exists],
  INVALID_EMAIL: ['invalid_email', AUTH_ERROR_MESSAGES.invalid_email],
  PASSWORD_TOO_SHORT: ['password_too_short', PASSWORD_TOO_SHORT],
  ACCOUNT_SUSPENDED: ['account_suspended', TWO_FACTOR_MESSAGES.suspended],
  INVALID_CODE: ['invalid_code', TWO_FACTOR_MESSAGES.invalid_code],
  INVALID_PASSWORD: ['invalid_password', TWO_FACTOR_MESSAGES.invalid_password],
  INVALID_TWO_FACTOR_COOKIE: ['two_factor_expired', TWO_FACTOR_MESSAGES.expired],
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: ['too_many_requests', TWO_FACTOR_MESSAGES.locked],
  ACCOUNT_TEMPORARILY_LOCKED: ['too_many_requests', TWO_FACTOR_MESSAGES.locked],
  INVALID_BACKUP_CODE: ['invalid_backup_code', SECOND_FACTOR_MESSAGES.invalid_backup_code],
};

/** Better Auth's own origin refusals (ours usually answers first, with the same list of origins). */
const ORIGIN_CODES = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN', 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED']);

/**
 * Hands a request to Better Auth's fetch-style handler and copies its answer back. Better Auth runs exactly
 * the route Fastify matched (never the raw URL, never a query string) with exactly the body we validated.
 */
async function forward<E extends Endpoint>(
  deps: AppDeps,
  _endpoint: E,
  request: FastifyRequest,
  reply: FastifyReply,
  body?: unknown,
): Promise<Sent<ResponseOf<E>>> {
  const url = new URL(request.routeOptions.url ?? '/', deps.config.PUBLIC_URL);
  const response = await deps.auth.handler(
    new Request(url, {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
  });
  reply.header('cache-control', 'private, no-store');
  const text = await response.text();
  if (response.status < 400) return passedThrough(reply.send(withoutSessionToken(text)));
  let code = '';
  try {
    code = (JSON.parse(text) as { code?: string }).code ?? '';
  } catch {
    // Not JSON: fall through to the generic message.
  }
  const [ourCode, message] = ORIGIN_CODES.has(code)
    ? ['forbidden_origin', forbiddenOriginMessage(deps.config.PUBLIC_URL)]
    : (TRANSLATIONS[code] ?? [
        'auth_error',
        request.routeOptions.url === contract.auth.signUp.path ? SIGN_UP_FALLBACK : AUTH_ERROR_MESSAGES.fallback,
      ]);
  request.log.info({ status: response.status, code }, 'auth request refused');
  return passedThrough(reply.type('application/json').send(errorBody(ourCode, message)));
}

/**
 * Better Auth puts the session token in the JSON of sign-in, sign-up and get-session. The browser never
 * needs it (the HttpOnly cookie carries the session), and a token readable by scripts is what HttpOnly
 * is there to prevent, so it is taken out.
 */
export function withoutSessionToken(text: string): string | null {
  if (!text) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (body && typeof body === 'object') {
    const b = body as { token?: unknown; session?: { token?: unknown } | null };
    delete b.token;
    if (b.session && typeof b.session === 'object') delete b.session.token;
  }
  return JSON.stringify(body);
}

/**
 * Attempts on one account from one address. Counting per account alone would let anyone who knows an
 * owner's email lock the owner out; per account and address, a guesser exhausts only their own tries.
 */
function accountAndAddressKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  // Hashed: the limiter runs before validation, so the email may hold anything (a NUL byte, 100 kB); the
  // key stored in rate_limits is always a short, clean string, and it keeps no email in clear.
  return `auth:account:${digest(`${typeof email === 'string' ? email.trim().toLowerCase() : ''}|${request.ip}`)}`;
}

/** Behind a proxy the address comes from X-Forwarded-For, a header the client writes: hashed as well. */
async function twoFactorEnabled(db: AppDeps['db'], userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return Boolean(row?.on);
}

const addressKey = (request: FastifyRequest) => `auth:address:${digest(request.ip)}`;
const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

export const authRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Counters live in the database, shared by every instance and kept across restarts.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db, deps.now) });
  // Two independent counters (the plugin's own hooks run only one limiter per request).
  const byAddress = app.createRateLimit({
    max: deps.config.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: WINDOW,
    keyGenerator: addressKey,
  });
  const byAccount = app.createRateLimit({
    max: deps.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: WINDOW,
    keyGenerator: accountAndAddressKey,
  });
  const limit =
    (...limiters: Array<typeof byAddress>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          return reply
            .status(429)
            .header('retry-after', Math.ceil(result.ttl / 1000))
            .send(errorBody('too_many_requests', TOO_MANY_ATTEMPTS));
        }
      }
    };
  const perAddress = limit(byAddress);
  const perAddressAndAccount = limit(byAddress, byAccount);

  // Only the endpoints the web app calls are open (every other Better Auth endpoint, e.g. update-user,
  // answers 404): our validation and limits then cover everything Better Auth will run.
  const route = contractRoutes(app, async () => null);
  const { signIn, signUp, signOut, session } = contract.auth;
  // The limiters run before the body is checked, so malformed attempts count too.
  route(signIn, async ({ request, reply, body }) => forward(deps, signIn, request, reply, body), {
    preHandler: perAddressAndAccount,
  });
  route(signUp, async ({ request, reply, body }) => forward(deps, signUp, request, reply, body), {
    preHandler: perAddress,
  });
  route(signOut, async ({ request, reply, body }) => forward(deps, signOut, request, reply, body));
  // Every page load asks; a first-time visitor has no session cookie, so the answer is known without Better
  // Auth (which builds a fetch Request, runs its router and middlewares: ~0.7–1 ms of CPU measured per call).
  route(session, async ({ request, reply }) =>
    hasSessionCookie(request)
      ? forward(deps, session, request, reply)
      : passedThrough(reply.header('cache-control', 'private, no-store').type('application/json').send('null')),
  );
  // Second factor (operators must have it, ADR 018): start enrolling with the password, then confirm with a
  // code; the same verify-totp finishes a sign-in that answered { twoFactorRedirect: true }, and so does a backup
  // code. Each code is spent once, and an enrolment closes the older sessions, before the answer leaves
  // (settleSecondFactor, an onSend hook: ADR 026).
  const { enableTwoFactor, verifyTotp, verifyBackupCode } = contract.auth;
  const settle = settleSecondFactor(deps);
  route(
    enableTwoFactor,
    async ({ request, reply, body }) => forward(deps, enableTwoFactor, request, reply, { ...body, method: 'totp' }),
    { preHandler: perAddress },
  );
  route(
    verifyTotp,
    async ({ request, reply, body }) => {
      // Signed in and not enrolled yet: this code finishes an enrolment (otherwise it finishes a sign-in).
      const viewer = hasSessionCookie(request) ? await sessionUser(deps.auth, request) : null;
      const enrolling = viewer && !(await twoFactorEnabled(deps.db, viewer.id)) ? viewer : null;
      noteSecondFactorAttempt(request, { kind: 'totp', code: body.code, enrolling });
      return forward(deps, verifyTotp, request, reply, body);
    },
    { preHandler: perAddress, onSend: settle },
  );
  route(
    verifyBackupCode,
    async ({ request, reply, body }) => {
      // Only to finish a sign-in: a signed-in account has nothing to prove with it.
      if (hasSessionCookie(request) && (await sessionUser(deps.auth, request))) {
        throw new AppError(400, 'already_signed_in', SECOND_FACTOR_MESSAGES.already_signed_in);
      }
      noteSecondFactorAttempt(request, { kind: 'backup_code', code: body.code, enrolling: null });
      return forward(deps, verifyBackupCode, request, reply, body);
    },
    { preHandler: perAddress, onSend: settle },
  );
};
