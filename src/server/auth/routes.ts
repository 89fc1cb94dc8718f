import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import { AUTH_ERROR_MESSAGES, PASSWORD_TOO_SHORT, SIGN_UP_FALLBACK, TWO_FACTOR_MESSAGES } from '#shared/schemas/auth';
import { ACCOUNT_MESSAGES } from '#shared/schemas/cuenta';
import { SECOND_FACTOR_MESSAGES } from '#shared/schemas/second-factor';
import { contract, type Endpoint, type ResponseOf } from '#shared/contract';
import { cuenta } from '#shared/contract/cuenta';
import { forbiddenOriginMessage } from '#server/http/origin';
import { contractRoutes, passedThrough, type Sent } from '#server/http/route';
import type { AppDeps } from '#server/deps';
import { AppError, errorBody, TOO_MANY_ATTEMPTS } from '#server/http/errors';
import { account, user } from '#server/db/schema';
import { deleteAccount } from '#server/cuenta/eliminar';
import { changeEmailTarget } from './account-emails';
import { noteSecondFactorAttempt, settleSecondFactor } from './enrolment';
import { databaseRateLimitStore } from './rate-limit-store';
import { hasSessionCookie, requireUser, sessionUser } from './session';

const WINDOW = '15 minutes';
/** Emails one address may be sent by strangers (a reset link, a new address to confirm) per hour. */
const EMAILS_PER_ADDRESS_PER_HOUR = 5;

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
  // Reset and verification links (ADR 028): used, expired or made up, the same words.
  INVALID_TOKEN: ['invalid_token', ACCOUNT_MESSAGES.invalid_token],
  TOKEN_EXPIRED: ['invalid_token', ACCOUNT_MESSAGES.invalid_token],
  EMAIL_IS_THE_SAME: ['same_email', ACCOUNT_MESSAGES.same_email],
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
  overrides: Record<string, [string, string]> = {},
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
    : (overrides[code] ??
      TRANSLATIONS[code] ?? [
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
  // Hashed: the limiter runs before validation, so the email may hold anything (a NUL byte, pages of text); the
  // key stored in rate_limits is always a short, clean string, and it keeps no email in clear.
  return `auth:account:${digest(`${typeof email === 'string' ? email.trim().toLowerCase() : ''}|${request.ip}`)}`;
}

/** Behind a proxy the address comes from X-Forwarded-For, a header the client writes: hashed as well. */
async function twoFactorEnabled(db: AppDeps['db'], userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return Boolean(row?.on);
}

const addressKey = (request: FastifyRequest) => `auth:address:${digest(request.ip)}`;
/**
 * Emails sent to one address (a reset link, a new address to confirm), whoever asks: a stranger cannot fill an
 * inbox. Hashed like the others; the same key whether an account has the email or not.
 */
function recipientKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; newEmail?: unknown } | undefined;
  const email = body?.email ?? body?.newEmail;
  return `auth:recipient:${digest(typeof email === 'string' ? email.trim().toLowerCase() : '')}`;
}
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
  const byRecipient = app.createRateLimit({
    max: EMAILS_PER_ADDRESS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: recipientKey,
  });
  const perAddress = limit(byAddress);
  const perAddressAndAccount = limit(byAddress, byAccount);
  const perAddressAndRecipient = limit(byAddress, byRecipient);

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
  // Auth, which would build a fetch Request and run its router and middlewares to say the same `null`: the
  // dearest request of a guest's visit (docs/performance.md).
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

  // Recovery and Mi cuenta (ADR 028). Better Auth makes the links and checks them; the emails are mail jobs.
  const { requestPasswordReset, resetPassword, sendVerificationEmail, updateName, changeEmail, changePassword } =
    cuenta;
  route(
    requestPasswordReset,
    // Whether an account has the email or not, Better Auth answers the same (and queues a job only for one).
    async ({ request, reply, body }) => forward(deps, requestPasswordReset, request, reply, body),
    { preHandler: perAddressAndRecipient },
  );
  route(resetPassword, async ({ request, reply, body }) => forward(deps, resetPassword, request, reply, body), {
    preHandler: perAddress,
  });
  // Endpoints of a signed-in account: a guest gets 401 before Better Auth runs.
  const signedIn = contractRoutes(app, (request) => requireUser(deps.auth, request));
  signedIn(
    sendVerificationEmail,
    async ({ request, reply, user }) => forward(deps, sendVerificationEmail, request, reply, { email: user.email }),
    { preHandler: perAddress },
  );
  signedIn(updateName, async ({ request, reply, body }) => forward(deps, updateName, request, reply, body));
  signedIn(
    changeEmail,
    async ({ request, reply, body }) => {
      // Better Auth would answer a second account's address by emailing it: say it is taken instead.
      const [taken] = await deps.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, body.newEmail.toLowerCase()));
      if (taken) {
        const same = taken.id === (await requireUser(deps.auth, request)).id;
        return passedThrough<ResponseOf<typeof changeEmail>>(
          reply
            .status(same ? 400 : 409)
            .header('cache-control', 'private, no-store')
            .send(
              same
                ? errorBody('same_email', ACCOUNT_MESSAGES.same_email)
                : errorBody('email_taken', ACCOUNT_MESSAGES.email_taken),
            ),
        );
      }
      return forward(deps, changeEmail, request, reply, body);
    },
    { preHandler: perAddressAndRecipient },
  );
  signedIn(
    changePassword,
    async ({ request, reply, body }) =>
      // The person who changes it keeps this session; every other one ends.
      forward(
        deps,
        changePassword,
        request,
        reply,
        { ...body, revokeOtherSessions: true },
        {
          INVALID_PASSWORD: ['wrong_password', ACCOUNT_MESSAGES.wrong_password],
        },
      ),
    { preHandler: perAddress },
  );

  // The token of an emailed verification link, posted by the page the link opens (a mail scanner that fetches
  // the link runs no script, so it confirms nothing). Better Auth checks the token; a new address (Mi cuenta)
  // also needs the account signed in, which Better Auth asks for.
  route(
    cuenta.verifyEmail,
    async ({ request, reply, body }) => {
      const url = new URL(`${deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/verify-email`);
      url.searchParams.set('token', body.token);
      const response = await deps.auth.handler(
        new Request(url, { method: 'GET', headers: fromNodeHeaders(request.headers) }),
      );
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      reply.header('cache-control', 'private, no-store');
      if (response.status < 400) {
        // A new address (Mi cuenta) is proven by opening the link sent there: the account is then confirmed.
        // Better Auth keeps an unconfirmed account unconfirmed, and the sign-up's link went to the old address,
        // which no longer names the account (ADR 042). Matched by address: only once Better Auth has moved it.
        const newAddress = changeEmailTarget(body.token);
        if (newAddress)
          await deps.db
            .update(user)
            .set({ emailVerified: true, updatedAt: deps.now() })
            .where(and(eq(user.email, newAddress), eq(user.emailVerified, false)));
        return { status: true };
      }
      let code = '';
      try {
        code = ((await response.json()) as { code?: string }).code ?? '';
      } catch {
        // Not JSON: the generic message.
      }
      request.log.info({ status: response.status, code }, 'email verification refused');
      if (response.status === 401 && code !== 'INVALID_TOKEN' && code !== 'TOKEN_EXPIRED') {
        throw new AppError(401, 'unauthenticated', ACCOUNT_MESSAGES.sign_in_to_confirm);
      }
      throw new AppError(400, 'invalid_token', ACCOUNT_MESSAGES.invalid_token);
    },
    { preHandler: perAddress },
  );

  // Deleting the account (ADR 028): the password again, then one transaction (cuenta/eliminar.ts).
  signedIn(
    cuenta.deleteAccount,
    async ({ request, reply, user: me, body, noContent }) => {
      const ctx = await deps.auth.$context;
      const [credential] = await deps.db
        .select({ hash: account.password })
        .from(account)
        .where(and(eq(account.userId, me.id), eq(account.providerId, 'credential')));
      if (!credential?.hash || !(await ctx.password.verify({ hash: credential.hash, password: body.password }))) {
        throw new AppError(400, 'wrong_password', ACCOUNT_MESSAGES.wrong_password);
      }
      const deleted = await deleteAccount(deps.db, me.id, deps.now());
      await deps.changes.changed(deleted.changes);
      request.log.info(
        { comercios: deleted.comercios.length, opiniones: deleted.opiniones, pagos: deleted.pagos },
        'account deleted',
      );
      // Its sessions are gone with it; the browser's cookie goes too.
      const cookie = ctx.authCookies.sessionToken;
      reply.header(
        'set-cookie',
        `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`,
      );
      reply.header('cache-control', 'private, no-store');
      return noContent();
    },
    { preHandler: perAddress },
  );
};
