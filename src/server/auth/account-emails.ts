import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { ACCOUNT_LINK_PATHS, accountLink, enqueueAccountMail } from '#server/mail/account-mail';

const HOUR_S = 60 * 60;

/** How long the link that confirms an email works: a day, since the first one is read whenever the inbox is. */
export const VERIFY_EMAIL_EXPIRES_S = 24 * HOUR_S;
/** How long a password reset link works (issue 29: one hour); it works once (Better Auth deletes it on use). */
export const RESET_PASSWORD_EXPIRES_S = HOUR_S;

/**
 * The `updateTo` of a verification token: Better Auth signs the new address into the token of a change of email
 * (the token is a JWT; its signature is checked by Better Auth when the link is used, not here).
 */
export function changeEmailTarget(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const updateTo = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown })
      .updateTo;
    return typeof updateTo === 'string' && updateTo ? updateTo : null;
  } catch {
    return null;
  }
}

/**
 * Better Auth's email options (ADR 028): every message is queued as a mail job in the request that asks for it
 * (src/server/mail/account-mail.ts), its link pointing at our own pages, which post the token to the API.
 * Signing in never waits for verification (the spec's owner flow has none); opinions do.
 */
export function accountEmailOptions(db: Db, config: Config, now: () => Date = () => new Date()) {
  return {
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_S,
      sendVerificationEmail: async ({ user, token }: { user: { id: string; email: string }; token: string }) => {
        // The same hook confirms a new address (Mi cuenta): that email goes to the new address.
        const newAddress = changeEmailTarget(token);
        await enqueueAccountMail(db, {
          kind: newAddress ? 'change_email' : 'verify_email',
          userId: user.id,
          to: newAddress ?? user.email,
          link: accountLink(config.PUBLIC_URL, ACCOUNT_LINK_PATHS.verify, token),
          now: now(),
        });
      },
    },
    password: {
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_S,
      // Whoever had the old password (a stolen laptop, a shared computer) is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }: { user: { id: string; email: string }; token: string }) => {
        await enqueueAccountMail(db, {
          kind: 'reset_password',
          userId: user.id,
          to: user.email,
          link: accountLink(config.PUBLIC_URL, ACCOUNT_LINK_PATHS.reset, token),
          now: now(),
        });
      },
    },
    // A new address is used only once it is confirmed there, verified account or not.
    changeEmail: { enabled: true, updateEmailWithoutVerification: false },
  } as const;
}
