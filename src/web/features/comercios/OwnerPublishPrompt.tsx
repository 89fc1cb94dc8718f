import { useQueryClient } from '@tanstack/react-query';
import { EyeOff, Rocket, TicketPercent } from '#web/components/icons';
import { Suspense, useEffect, useState } from 'react';
import type { ComercioDetalle } from '#shared/api';
import { btnPrimary } from '#web/components/buttons';
import { Notice } from '#web/components/Notice';
import { PaymentDialog, prefetchPaymentDialog, type PaymentOutcome } from '#web/features/pagos';

/** Spec text of the payment button (§4), verbatim (same as on the owner's cards). */
const PUBLISH_LABEL = 'Publicar por 30 dias - $450';

/** Above the owner's preview of their unpublished business. */
export function OwnerUnpublishedNotice() {
  return (
    <div className="mt-2">
      <Notice>
        <EyeOff className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
        Tu comercio no está publicado: solo vos podés ver esta página.
      </Notice>
    </div>
  );
}

/**
 * The owner's preview of an unpublished business: instead of the guests' "Promociones no disponibles" (which
 * reads like a missing paid add-on), say that promotions appear once it is published, and offer to publish it.
 */
export function OwnerPublishPrompt({ comercio }: { comercio: ComercioDetalle }) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  // Fetched while connected: offline, the dialog still opens and says nothing can be charged.
  useEffect(prefetchPaymentDialog, []);

  const onResult = (result: PaymentOutcome) => {
    setOutcome(result);
    void queryClient.invalidateQueries({ queryKey: ['mis-comercios'] });
    if (result.tone === 'error') return; // the dialog stays open with the reason
    setPaying(false);
    void queryClient.invalidateQueries({ queryKey: ['comercios'] });
    void queryClient.invalidateQueries({ queryKey: ['promociones'] });
  };

  return (
    <section
      aria-labelledby="promos-title"
      className="rounded-card border border-dashed border-brand-300 bg-brand-50/60 p-5"
    >
      <h2 id="promos-title" className="flex items-center gap-2 text-lg font-extrabold text-ink-900">
        <TicketPercent className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
        Tus promociones se ven al publicar
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {comercio.promociones.length > 0
          ? `Tenés ${comercio.promociones.length === 1 ? '1 promoción cargada' : `${comercio.promociones.length} promociones cargadas`}: aparecen acá y en Promociones en cuanto publiques el comercio.`
          : 'Las promociones que cargues aparecen acá y en Promociones en cuanto publiques el comercio.'}
      </p>
      <div role="status" aria-live="polite">
        {outcome && outcome.tone !== 'error' && (
          <p className="mt-3 text-sm font-semibold text-leaf-800">{outcome.text}</p>
        )}
      </div>
      {outcome?.tone !== 'pending' && outcome?.tone !== 'success' && (
        <button
          type="button"
          className={`${btnPrimary} mt-4 w-full whitespace-normal sm:w-auto`}
          onClick={() => setPaying(true)}
        >
          <Rocket className="size-4" aria-hidden="true" />
          {PUBLISH_LABEL}
        </button>
      )}
      {paying && (
        <Suspense fallback={null}>
          <PaymentDialog comercio={comercio} onClose={() => setPaying(false)} onResult={onResult} />
        </Suspense>
      )}
    </section>
  );
}
