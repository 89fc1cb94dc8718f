import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { hasVisibleChars, safeText } from './text';

/** Spec §5 (Login/signup). The same rules check the modal and the server. */
export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`;
export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';

export const email = safeText()
  .trim()
  .min(1, 'Ingresá tu email')
  .max(LIMITS.email, 'Email inválido')
  .pipe(z.email('Email inválido'));
export const password = safeText()
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
