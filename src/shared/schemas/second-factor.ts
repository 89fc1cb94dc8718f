import { z } from 'zod';

/**
 * A backup code as Better Auth makes them (ten letters and digits shown as `abcde-12345`): typed with or without
 * the dash and spaces; sent with the dash, as Better Auth compares them. Letters keep their case.
 */
export const backupCodeSchema = z.object({
  code: z
    .string({ error: 'Ingresá uno de tus códigos de respaldo' })
    .max(64, 'Un código de respaldo tiene 10 letras y números, como abcde-12345')
    .transform((typed) => typed.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Ingresá uno de tus códigos de respaldo')
        .regex(/^[A-Za-z0-9]{10}$/, 'Un código de respaldo tiene 10 letras y números, como abcde-12345'),
    )
    .transform((code) => `${code.slice(0, 5)}-${code.slice(5)}`),
});
export type BackupCodeInput = z.input<typeof backupCodeSchema>;

/** The second factor's answers beyond Better Auth's own (issue 28: each code once; enrolment fails closed). */
export const SECOND_FACTOR_MESSAGES = {
  code_used: 'Ese código ya se usó. Esperá el próximo código de tu app e iniciá sesión de nuevo.',
  invalid_backup_code: 'El código de respaldo no es correcto o ya se usó.',
  backup_code_used: 'Ese código de respaldo ya se usó. Iniciá sesión de nuevo con otro.',
  enrolment_failed: 'No pudimos activar la verificación en dos pasos. Volvé a intentarlo en unos segundos.',
  not_finished: 'No pudimos completar el ingreso. Iniciá sesión de nuevo.',
  already_signed_in: 'Ya iniciaste sesión.',
} as const;
