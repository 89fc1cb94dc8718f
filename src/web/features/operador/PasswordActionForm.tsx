import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { refundSchema, type RefundBody } from '#shared/operador';
import { btnPrimary } from '#web/components/buttons';
import { FormError, TextField } from '#web/components/form/Fields';
import { errorMessage } from '#web/lib/api';

/**
 * A refund or a suspension: a reason, the operator's password again and, for a refund, whether the
 * publication it paid for ends. The server checks all three.
 */
export function PasswordActionForm({
  submitLabel,
  withPublicacion,
  onSubmit,
}: {
  submitLabel: string;
  withPublicacion: boolean;
  onSubmit(body: RefundBody): Promise<unknown>;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RefundBody>({
    resolver: zodResolver(refundSchema),
    defaultValues: { publicacion: withPublicacion ? 'terminar' : 'mantener' },
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await onSubmit(body);
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-3">
      <div>
        <label htmlFor={`${id}-m`} className="mb-1 block text-sm font-semibold">
          Motivo
        </label>
        <textarea
          id={`${id}-m`}
          rows={2}
          aria-invalid={errors.motivo ? true : undefined}
          className="block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base"
          {...register('motivo')}
        />
        {errors.motivo && <p className="mt-1 text-sm font-medium text-red-700">{errors.motivo.message}</p>}
      </div>
      {withPublicacion && (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">La publicación que pagó</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" value="terminar" {...register('publicacion')} /> Termina ahora
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" value="mantener" {...register('publicacion')} /> Sigue hasta su vencimiento
          </label>
        </fieldset>
      )}
      <TextField
        label="Tu contraseña (para confirmar)"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormError message={serverError} />
      <button type="submit" disabled={isSubmitting} className={`${btnPrimary} bg-red-700 hover:bg-red-800`}>
        {isSubmitting ? 'Procesando...' : submitLabel}
      </button>
    </form>
  );
}
