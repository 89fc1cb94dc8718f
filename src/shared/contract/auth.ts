import { signInSchema, signUpSchema, totpCodeSchema, twoFactorEnableSchema } from '#shared/schemas/auth';
import { backupCodeSchema } from '#shared/schemas/second-factor';
import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Better Auth's answer as the client reads it (the server passes it through, without the session token).
 * Everything is optional: the client checks each field before trusting it.
 */
export type SessionAnswer = {
  user?: { id?: unknown; email?: unknown; name?: unknown; emailVerified?: unknown } | null;
  /** The account has a second factor (operators): no session until verifyTotp. */
  twoFactorRedirect?: boolean;
} | null;

/** What two-factor/enable answers: the authenticator app's otpauth:// URI and one-time backup codes. */
export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/** Only these Better Auth endpoints are open; every other one answers 404. */
export const auth = {
  signIn: endpoint<SessionAnswer>()({ method: 'POST', path: '/api/auth/sign-in/email', body: signInSchema }),
  /** Signs the new account in as well. */
  signUp: endpoint<SessionAnswer>()({ method: 'POST', path: '/api/auth/sign-up/email', body: signUpSchema }),
  /** Whatever the body holds, Better Auth is handed `{}`: sign-out never fails on it. */
  signOut: endpoint<{ success: boolean }>()({
    method: 'POST',
    path: '/api/auth/sign-out',
    body: z.object({}).catch({}),
  }),
  /** null (an empty answer) for a guest. */
  session: endpoint<SessionAnswer>()({ method: 'GET', path: '/api/auth/get-session' }),
  /** Second factor (ADR 018): start enrolling with the password… */
  enableTwoFactor: endpoint<TwoFactorEnrolment>()({
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    body: twoFactorEnableSchema,
  }),
  /** …confirm with a code; the same call finishes a sign-in that answered { twoFactorRedirect: true }. */
  verifyTotp: endpoint<SessionAnswer>()({
    method: 'POST',
    path: '/api/auth/two-factor/verify-totp',
    body: totpCodeSchema,
  }),
  /** …or one of the backup codes shown at enrolment, when the phone is lost: each works once (ADR 026). */
  verifyBackupCode: endpoint<SessionAnswer>()({
    method: 'POST',
    path: '/api/auth/two-factor/verify-backup-code',
    body: backupCodeSchema,
  }),
};
