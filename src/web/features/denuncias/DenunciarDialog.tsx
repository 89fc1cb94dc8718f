import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DETALLE_DENUNCIA_MAX,
  denunciaFormSchema,
  MOTIVO_DENUNCIA_LABEL,
  MOTIVOS_DENUNCIA,
  type DenunciaFormInput,
  type DenunciaFormValues,
} from '#shared/denuncias';
import { btnPrimary, btnSecondary } from '#web/components/buttons';
import { ModalFrame } from '#web/components/ModalFrame';
import { FormError } from '#web/components/form/Fields';
import { contract } from '#shared/contract';
import { api, errorMessage } from '#web/lib/api';

export interface DenunciaTarget {
  comercioId: number;
  promocionId?: number;
  /** A report on one opinion of the business (ADR 027). */
  opinionId?: number;
  /** What is reported, as the dialog names it ("Heladería Polar", "la promoción 2x1"). */
  nombre: string;
}

/** "Denunciar": a reason and optional text, no account needed; the server limits reports per address. */
export default function DenunciarDialog({ target, onClose }: { target: DenunciaTarget; onClose(): void }) {
  const titleId = useId();
  const detalleId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<DenunciaFormInput, unknown, DenunciaFormValues>({
    resolver: zodResolver(denunciaFormSchema),
    defaultValues: { detalle: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await api(contract.denuncias.create, {
        body: {
          comercioId: target.comercioId,
          ...(target.promocionId ? { promocionId: target.promocionId } : {}),
          ...(target.opinionId ? { opinionId: target.opinionId } : {}),
          ...values,
        },
      });
      setSent(answer.mensaje);
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });

  return (
    <ModalFrame onClose={onClose} labelledBy={titleId} panelClassName="max-w-md p-6 pb-8">
      <h2 id={titleId} className="pr-8 text-lg font-extrabold text-ink-900">
        Denunciar {target.opinionId ? 'opinión' : target.promocionId ? 'promoción' : 'comercio'}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{target.nombre}</p>
      <div role="status" aria-live="polite">
        {sent && <p className="mt-4 rounded-xl bg-leaf-50 px-3 py-2 text-sm font-semibold text-leaf-800">{sent}</p>}
      </div>
      {sent ? (
        <button type="button" className={`${btnSecondary} mt-4 w-full`} onClick={onClose}>
          Cerrar
        </button>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <fieldset aria-describedby={errors.motivo ? `${titleId}-motivo-error` : undefined}>
            <legend className="mb-2 text-sm font-semibold text-ink-900">¿Qué pasa?</legend>
            <div className="space-y-2">
              {MOTIVOS_DENUNCIA.map((m) => (
                <label
                  key={m}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 ring-1 ring-sand-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500"
                >
                  <input type="radio" value={m} className="size-4 accent-brand-600" {...register('motivo')} />
                  <span className="text-sm text-ink-900">{MOTIVO_DENUNCIA_LABEL[m]}</span>
                </label>
              ))}
            </div>
            {errors.motivo && (
              <p id={`${titleId}-motivo-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors.motivo.message}
              </p>
            )}
          </fieldset>
          <div>
            <label htmlFor={detalleId} className="mb-1.5 block text-sm font-semibold text-ink-900">
              Contanos más (opcional)
            </label>
            <textarea
              id={detalleId}
              rows={3}
              maxLength={DETALLE_DENUNCIA_MAX}
              aria-invalid={errors.detalle ? true : undefined}
              className="block w-full rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink-900 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
              {...register('detalle')}
            />
            {errors.detalle && <p className="mt-1 text-sm font-medium text-red-700">{errors.detalle.message}</p>}
          </div>
          <FormError message={serverError} />
          <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={isSubmitting}>
            {isSubmitting ? 'Enviando...' : 'Enviar denuncia'}
          </button>
        </form>
      )}
    </ModalFrame>
  );
}
