import { z } from 'zod';
import { LIMITS, MIN_PASSWORD_LENGTH } from '#shared/constants';
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

/** What the server receives at sign-up: the display name is the business name (user_metadata.display_name). */
export const signUpSchema = z.object({
  email,
  password,
  name: safeText()
    .trim()
    .min(1, 'Ingresá el nombre del comercio')
    .max(LIMITS.nombre, `El nombre puede tener hasta ${LIMITS.nombre} caracteres`)
    .refine(hasVisibleChars, 'Ingresá el nombre del comercio'),
});

/** The modal's form adds the confirmation, which only the browser needs. */
export const signUpFormSchema = signUpSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
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
