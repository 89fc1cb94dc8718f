import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  displayNameSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '#shared/schemas/cuenta';
import type { SessionAnswer } from './auth';
import { endpoint } from './endpoint';

/**
 * The account's endpoints (ADR 028): recovery, verification and Mi cuenta. A module of its own, outside the
 * contract's index, so the web app's first load (which reads the contract) does not carry them: only the forms
 * that call them, loaded on demand, and the server import it.
 */
export const cuenta = {
  /**
   * "¿Olvidaste tu contraseña?" (ADR 028): always `{ status: true }`, whether an account has the email or not;
   * the link goes out by email, valid one hour and once.
   */
  requestPasswordReset: endpoint<{ status: boolean }>()({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    body: forgotPasswordSchema,
  }),
  /** The emailed link's token and the new password; every session of the account ends. */
  resetPassword: endpoint<{ status: boolean }>()({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordSchema,
  }),
  /** "Reenviar": the signed-in account's verification email again. */
  sendVerificationEmail: endpoint<{ status: boolean }>()({
    method: 'POST',
    path: '/api/auth/send-verification-email',
    auth: true,
    body: z.object({}).catch({}),
  }),
  /** The token of a verification link (sign-up, or a new address from Mi cuenta). */
  verifyEmail: endpoint<{ status: boolean }>()({
    method: 'POST',
    path: '/api/cuenta/verificar-email',
    body: verifyEmailSchema,
  }),
  /** Mi cuenta: the display name. */
  updateName: endpoint<{ status: boolean }>()({
    method: 'POST',
    path: '/api/auth/update-user',
    auth: true,
    body: displayNameSchema,
  }),
  /** Mi cuenta: a new email, confirmed by a link sent to it; until then the account keeps the old one. */
  changeEmail: endpoint<{ status: boolean }>()({
    method: 'POST',
    path: '/api/auth/change-email',
    auth: true,
    body: changeEmailSchema,
  }),
  /** Mi cuenta: a new password, with the current one; every other session of the account ends. */
  changePassword: endpoint<SessionAnswer>()({
    method: 'POST',
    path: '/api/auth/change-password',
    auth: true,
    body: changePasswordSchema,
  }),
  /** Mi cuenta: deletes the account, its businesses and opinions; its payments are kept anonymised. */
  deleteAccount: endpoint<null>()({
    method: 'POST',
    path: '/api/cuenta/eliminar',
    auth: true,
    body: deleteAccountSchema,
  }),
};
