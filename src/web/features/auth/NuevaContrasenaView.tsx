import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from '#web/components/icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, newPasswordFormSchema, type NewPasswordFormInput } from '#shared/schemas/cuenta';
import { btnPrimary } from '#web/components/buttons';
import { FormError } from '#web/components/form/Fields';
import { NewPasswordFields } from './NewPasswordFields';
import { ApiError } from '#web/lib/api';
import { useAuth } from './AuthContext';
import { resetPassword } from './cuenta';

/**
 * The page a password reset email links to (ADR 028): a new password with the sign-up's rules. The link works
 * once and for an hour; saving ends every session of the account, so the person signs in again with it.
 */
export default function NuevaContrasenaView({ token }: { token: string }) {
  const { openLogin } = useAuth();
  const [error, setError] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.invalid_token);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<NewPasswordFormInput>({
    resolver: zodResolver(newPasswordFormSchema),
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code !== 'http_error'
          ? err.message
          : 'No pudimos guardar la contraseña. Intentá nuevamente.',
      );
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <KeyRound className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Elegí una nueva contraseña</h1>
      {done ? (
        <div className="mt-5 space-y-4">
          <p role="status" className="rounded-xl bg-leaf-50 px-4 py-3 text-sm text-ink-900">
            Listo: cambiamos tu contraseña y cerramos todas las sesiones de tu cuenta. Iniciá sesión con la nueva.
          </p>
          <button type="button" className={`${btnPrimary} w-full py-3`} onClick={() => openLogin()}>
            Iniciar Sesión
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-5 space-y-4">
          <NewPasswordFields
            labels={{ password: 'Nueva contraseña', confirm: 'Confirmar contraseña' }}
            password={register('password', { onChange: () => setError(null) })}
            confirm={register('confirmPassword', { onChange: () => setError(null) })}
            errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
          />
          <FormError message={error} />
          <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={isSubmitting || !token}>
            {isSubmitting ? 'Guardando...' : 'Guardar contraseña'}
          </button>
        </form>
      )}
    </div>
  );
}
