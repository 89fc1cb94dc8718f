import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText } from '#web/components/icons';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatLongInstant } from '#shared/rules/dates-owner';
import { NOTA_REVISION_MAX, revisionSchema, type RevisionInput, type RevisionValues } from '#shared/revisiones';
import { btnPrimary, btnSecondary } from '#web/components/buttons';
import { FormError, TextArea } from '#web/components/form/Fields';
import { ModalFrame } from '#web/components/ModalFrame';
import { errorMessage } from '#web/lib/api';
import { usePedirRevision, useRevision } from './revisionApi';

export const REVISION_ENVIADA = 'Pedido de revisión enviado';

/**
 * Under the status of a business hidden by moderation (issue 33): "Pedir revisión", then the request waiting,
 * then the operator's answer. A business shown again leaves the hidden state, and this with it.
 */
export function RevisionPanel({ comercioId, nombre }: { comercioId: number; nombre: string }) {
  const query = useRevision(comercioId);
  const [open, setOpen] = useState(false);
  const revision = query.data;
  return (
    <div className="space-y-2 text-sm" data-testid="pedido-revision">
      {/* Always there, so the "sent" line is announced when it appears. */}
      <div role="status" aria-live="polite">
        {revision?.estado === 'pendiente' && (
          <p className="rounded-xl bg-sand-50 px-3 py-2 text-ink-800 ring-1 ring-sand-300">
            <span className="block font-semibold">
              {REVISION_ENVIADA} el {formatLongInstant(new Date(revision.createdAt))}.
            </span>
            <span className="block text-xs">
              Un operador lo va a revisar y vas a ver la respuesta acá. Tu nota: «{revision.nota}»
            </span>
          </p>
        )}
        {revision?.estado === 'rechazado' && (
          <p className="rounded-xl bg-sand-50 px-3 py-2 text-ink-800 ring-1 ring-sand-300">
            <span className="block font-semibold">Revisamos tu pedido y el comercio sigue oculto.</span>
            <span className="block text-xs">Respuesta: {revision.respuesta}</span>
          </p>
        )}
      </div>
      {query.isError && <p className="text-red-800">{errorMessage(query.error)}</p>}
      {query.isSuccess && revision?.estado !== 'pendiente' && (
        <button type="button" className={`${btnSecondary} w-full`} onClick={() => setOpen(true)}>
          <MessageSquareText className="size-4" aria-hidden="true" />
          {revision?.estado === 'rechazado' ? 'Pedir otra revisión' : 'Pedir revisión'}
        </button>
      )}
      {open && <RevisionDialog comercioId={comercioId} nombre={nombre} onClose={() => setOpen(false)} />}
    </div>
  );
}

function RevisionDialog({ comercioId, nombre, onClose }: { comercioId: number; nombre: string; onClose(): void }) {
  const titleId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const pedir = usePedirRevision(comercioId);
  const { register, handleSubmit, formState } = useForm<RevisionInput, unknown, RevisionValues>({
    resolver: zodResolver(revisionSchema),
    defaultValues: { nota: '' },
  });
  const submit = handleSubmit(async ({ nota }) => {
    setServerError(null);
    try {
      await pedir.mutateAsync(nota);
      onClose();
    } catch (err) {
      setServerError(errorMessage(err));
    }
  });
  return (
    <ModalFrame onClose={onClose} labelledBy={titleId} panelClassName="max-w-md p-6 pb-8">
      <h2 id={titleId} className="pr-8 text-lg font-extrabold text-ink-900">
        Pedir revisión
      </h2>
      <p className="mt-1 text-sm text-ink-600">{nombre}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextArea
          label="Tu nota para el equipo"
          hint="Contanos qué cambiaste o por qué creés que no corresponde ocultarlo."
          rows={4}
          maxLength={NOTA_REVISION_MAX}
          error={formState.errors.nota?.message ?? null}
          {...register('nota', { onChange: () => setServerError(null) })}
        />
        <FormError message={serverError} />
        <button type="submit" className={`${btnPrimary} w-full py-3`} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Enviando...' : 'Enviar pedido'}
        </button>
      </form>
    </ModalFrame>
  );
}
