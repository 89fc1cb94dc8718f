import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { hideSchema, type HideBody } from '#shared/operador';
import { btnPrimary } from '#web/components/buttons';
import { FormError } from '#web/components/form/Fields';
import { errorMessage } from '#web/lib/api';

/** An operator action that needs a reason (hide, restore, resolve): the reason is required and audited. */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  danger = false,
}: {
  label: string;
  submitLabel: string;
  onSubmit(motivo: string): Promise<unknown>;
  danger?: boolean;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<HideBody>({ resolver: zodResolver(hideSchema) });
  const submit = handleSubmit(async ({ motivo }) => {
    setServerError(null);
    try {
      await onSubmit(motivo);
      reset();
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });
  const error = formState.errors.motivo?.message;
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        className="block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
        {...register('motivo', { onChange: () => setServerError(null) })}
      />
      {error && (
        <p id={`${id}-e`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <FormError message={serverError} />
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className={`${btnPrimary} w-full sm:w-auto ${danger ? 'bg-red-700 hover:bg-red-800' : ''}`}
      >
        {formState.isSubmitting ? 'Guardando...' : submitLabel}
      </button>
    </form>
  );
}
