import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { account, appSecrets, session, twoFactor, user, verification } from '#server/db/schema';
import { trustedOrigins } from '#server/http/public-origin';
import { accountEmailOptions } from './account-emails';

export { trustedOrigins };

const DAY_S = 24 * 60 * 60;

const suspended = () => new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: 'suspended' });

/**
 * The secret that signs session cookies: AUTH_SECRET when set, otherwise one generated on first start and
 * kept in the database, so every instance on that database (and every restart) agrees on it.
 */
export async function resolveAuthSecret(db: Db, config: Config): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  await db
    .insert(appSecrets)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'auth'));
  return row!.value;
}

export function createAuth(db: Db, config: Config, secret: string) {
  // Verification, password reset and change of email (ADR 028): each email is a mail job.
  const emails = accountEmailOptions(db, config);
  return betterAuth({
    appName: 'Vidriera',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    // TOTP second factor (required for operators, ADR 018): sign-in answers { twoFactorRedirect } and the
    // session starts only after POST two-factor/verify-totp.
    plugins: [twoFactorPlugin({ issuer: 'Vidriera' })],
    // Read with every session lookup (the session and its user are one query), so a suspended account's
    // session is refused wherever it is used (session.ts). Never written through Better Auth.
    user: {
      additionalFields: { suspendedAt: { type: 'date', required: false, input: false } },
      changeEmail: emails.changeEmail,
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account cannot start a session (its open ones were deleted with the suspension).
          before: async (newSession) => {
            const [row] = await db
              .select({ suspendedAt: user.suspendedAt })
              .from(user)
              .where(eq(user.id, newSession.userId));
            if (row?.suspendedAt) throw suspended();
          },
          // The check above cannot stop a suspension that commits between it and the insert: the suspension's
          // delete would not see the new row. Better Auth runs this once the session is committed; the read
          // waits for a suspension holding the user's row lock (suspension.ts), so either that suspension's
          // delete sees this session or this read sees the suspension and deletes the session itself.
          after: async (created) => {
            const [row] = await db
              .select({ suspendedAt: user.suspendedAt })
              .from(user)
              .where(eq(user.id, created.userId))
              .for('share');
            if (!row?.suspendedAt) return;
            await db.delete(session).where(eq(session.id, created.id));
            throw suspended();
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Signing in never waits for a verified email (ADR 028); writing opinions does.
      requireEmailVerification: false,
      ...emails.password,
    },
    emailVerification: emails.emailVerification,
    // 30-day sessions that slide: any use after a day pushes the expiry forward again.
    session: { expiresIn: 30 * DAY_S, updateAge: DAY_S },
    // Brute force is limited by @fastify/rate-limit on the sign-in/up routes (per address and per account).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
      // Better Auth turns its origin (CSRF) check off when it detects a test run; tests must run what
      // production runs, so it is on everywhere (found while fuzzing: no test ever exercised it).
      disableOriginCheck: false,
      // The session and its user in one query instead of two (the relations in db/auth-schema.ts): every
      // signed-in request looks its session up, and an owner's save is otherwise two round trips (ADR 008).
      database: { joins: true },
    },
    logger: { disabled: config.NODE_ENV === 'test' },
  });
}

export type Auth = ReturnType<typeof createAuth>;
