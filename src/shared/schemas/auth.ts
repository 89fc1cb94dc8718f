import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { hasVisibleChars, safeText } from './text';

/** Spec §5 (Login/signup). The same rules check the modal and the server. */
export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`;
export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';

const email = safeText()
  .trim()
  .min(1, 'Ingresá tu email')
  .max(LIMITS.email, 'Email inválido')
  .pipe(z.email('Email inválido'));
const password = safeText()
  .min(1, 'Ingresá tu contraseña')
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(LIMITS.password, 'La contraseña es demasiado larga');

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

/** Who the sign-up form is for: an owner names the business (the spec's form), a visitor names themself. */
export type SignUpPurpose = 'owner' | 'visitor';

/** The message when the name is missing, in the words of the form that asked for it. */
export const NAME_REQUIRED: Record<SignUpPurpose, string> = {
  owner: 'Ingresá el nombre del comercio',
  visitor: 'Ingresá tu nombre',
};

/** The display name's rules (sign-up and Mi cuenta): the same for every account, only the words differ. */
export const displayNameField = (missing: string = NAME_REQUIRED.owner) =>
  safeText()
    .trim()
    .min(1, missing)
    .max(LIMITS.nombre, `El nombre puede tener hasta ${LIMITS.nombre} caracteres`)
    .refine(hasVisibleChars, missing);

/**
 * What the server receives at sign-up: the display name (user_metadata.display_name) is the business name for
 * an owner, the person's name for a visitor. One kind of account: a visitor can later register a business.
 */
export const signUpSchema = z.object({ email, password, name: displayNameField() });

/** The modal's form adds the confirmation, which only the browser needs. */
export function signUpFormSchemaFor(purpose: SignUpPurpose) {
  return z
    .object({ email, password, name: displayNameField(NAME_REQUIRED[purpose]), confirmPassword: z.string() })
    .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
}
export const signUpFormSchema = signUpFormSchemaFor('owner');
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

/** Spec §8: what the modal shows for each failure the auth service reports. */
export const AUTH_ERROR_MESSAGES = {
  invalid_credentials: 'Email o contraseña incorrectos',
  user_exists: 'Este email ya está registrado',
  invalid_email: 'Email inválido',
  fallback: 'Error al iniciar sesión. Intenta nuevamente.',
} as const;

/** Our words for a sign-up that failed for another reason (the spec's fallback speaks of signing in). */
export const SIGN_UP_FALLBACK = 'No pudimos crear la cuenta. Intentá nuevamente.';

export interface SessionUser {
  id: string;
  email: string;
  /** display_name */
  name: string;
}

/** Second factor (operators): the account's password to start enrolling, then a 6-digit authenticator code. */
export const twoFactorEnableSchema = z.object({
  password: safeText({ error: 'Ingresá tu contraseña' })
    .min(1, 'Ingresá tu contraseña')
    .max(128, 'Contraseña inválida'),
});
export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Ingresá el código de 6 dígitos' })
    .trim()
    .regex(/^\d{6}$/, 'Ingresá el código de 6 dígitos de tu app'),
});
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

export const TWO_FACTOR_MESSAGES = {
  invalid_code: 'El código no es correcto. Ingresá el que muestra ahora tu app.',
  invalid_password: 'La contraseña no es correcta.',
  expired: 'Pasó demasiado tiempo. Iniciá sesión de nuevo.',
  locked: 'Demasiados códigos incorrectos. Esperá unos minutos y volvé a intentar.',
  suspended: 'Tu cuenta está suspendida. Si creés que es un error, escribinos.',
} as const;

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

/** Mi cuenta: a new password, with the current one. */
export const changePasswordSchema = z.object({ currentPassword, newPassword: password });
export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword: password, confirmPassword: z.string() })
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
