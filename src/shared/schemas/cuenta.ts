import { z } from 'zod';
import { LIMITS } from '#shared/limites';
import { displayNameField, email, NAME_REQUIRED, password, PASSWORDS_DIFFER } from './auth';
import { safeText } from './text';

// The account's own forms (ADR 028): recovery, verification, Mi cuenta. Apart from auth.ts so the first load of a
// page (the contract's sign-in schemas) does not carry them.

/** "¿Olvidaste tu contraseña?": the same answer whether an account has this email or not. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export const FORGOT_PASSWORD_SENT =
  'Si hay una cuenta con ese email, te enviamos un enlace para elegir una nueva contraseña. Revisá tu correo (y la carpeta de spam): el enlace vence en una hora.';

/** A token from an emailed link, as it travels (Better Auth's are short ids or JWTs). */
const linkToken = z
  .string({ error: 'El enlace no es válido.' })
  .trim()
  .min(1, 'El enlace no es válido.')
  .max(2048, 'El enlace no es válido.')
  .regex(/^[\w.-]+$/, 'El enlace no es válido.');

/** The new password from a reset link: the sign-up's rules. */
export const resetPasswordSchema = z.object({ token: linkToken, newPassword: password });
export const newPasswordFormSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type NewPasswordFormInput = z.infer<typeof newPasswordFormSchema>;

export const verifyEmailSchema = z.object({ token: linkToken });

/** Mi cuenta: the display name (the sign-up's rules). */
export const displayNameSchema = z.object({ name: displayNameField(NAME_REQUIRED.visitor) });
export type DisplayNameInput = z.infer<typeof displayNameSchema>;

/** Mi cuenta: a new email, used once confirmed at that address. */
export const changeEmailSchema = z.object({ newEmail: email });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

const currentPassword = safeText({ error: 'Ingresá tu contraseña actual' })
  .min(1, 'Ingresá tu contraseña actual')
  .max(LIMITS.password, 'Contraseña inválida');

export const SAME_PASSWORD = 'La nueva contraseña tiene que ser distinta de la actual.';
/** "Changing" to the same password would say "cambiada" and change nothing: a person who meant to change it is told. */
const differs = (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword;
const notTheSame = [differs, { message: SAME_PASSWORD, path: ['newPassword'] }] as [
  typeof differs,
  { message: string; path: string[] },
];

/** Mi cuenta: a new password, with the current one. */
export const changePasswordSchema = z.object({ currentPassword, newPassword: password }).refine(...notTheSame);
export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword: password, confirmPassword: z.string() })
  .refine(...notTheSame)
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** Mi cuenta: deleting the account asks for its password. */
export const deleteAccountSchema = z.object({ password: currentPassword });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** What the account pages say when a link or a change fails. */
export const ACCOUNT_MESSAGES = {
  invalid_token: 'El enlace no es válido o ya venció. Pedí uno nuevo.',
  wrong_password: 'La contraseña actual no es correcta.',
  email_taken: 'Ese email ya está en uso en otra cuenta.',
  same_email: 'Ese ya es el email de tu cuenta.',
  sign_in_to_confirm:
    'Iniciá sesión con tu cuenta en este navegador y volvé a abrir el enlace para confirmar el nuevo email.',
} as const;
