import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from '#web/components/icons';
import { useCallback, useId, useRef, useState } from 'react';
import type { ProcessOrderBody } from '#shared/pagos';
import { PUBLICATION_DAYS } from '#shared/constants';
import { formatLongInstant } from '#shared/rules/dates-owner';
import { formatMoney } from '#shared/rules/money';
import type { Period } from '#shared/rules/renewal';
import { btnSecondary } from '#web/components/buttons';
import { ModalFrame } from '#web/components/ModalFrame';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { useAuth } from '#web/features/auth';
import { PAYMENT_OFFLINE, submitOrder, type PaymentOutcome } from './api';
import { pagoQueries } from './config';
import { MercadoPagoBrick } from './MercadoPagoBrick';
import { SandboxCardForm } from './SandboxCardForm';

export interface PaymentDialogProps {
  comercio: { id: number; nombre: string };
  /** A renewal inside the last 7 days: the period it buys, which starts when the current one ends. */
  renewal?: Period;
  onClose(): void;
  /**
   * Every answer for this business (the card shows it). A success or a pending payment closes the dialog (the
   * parent does); a rejection stays in the open dialog too, with the typed card, ready to try again.
   */
  onResult(outcome: PaymentOutcome): void;
}

/** The card payment modal (spec §4): Mercado Pago's Card Payment Brick, or its offline sandbox stand-in. */
export default function PaymentDialog({ comercio, renewal, onClose, onResult }: PaymentDialogProps) {
  const titleId = useId();
  const busy = useRef(false);
  const close = useCallback(() => {
    if (!busy.current) onClose();
  }, [onClose]);
  const payerEmail = useAuth().user?.email ?? '';
  const [rejection, setRejection] = useState<string | null>(null);
  const config = useQuery({
    ...pagoQueries.config(),
    staleTime: 10 * 60_000,
  });

  const pay = async (body: ProcessOrderBody) => {
    busy.current = true;
    setRejection(null);
    const outcome = await submitOrder(body);
    busy.current = false;
    if (outcome.tone === 'error')
      setRejection(outcome.nextStep ? `${outcome.text}. ${outcome.nextStep}` : outcome.text);
    onResult(outcome);
  };

  const data = config.data;
  return (
    <ModalFrame onClose={close} labelledBy={titleId} panelClassName="max-w-md p-5 pb-7 sm:p-6">
      <h2 id={titleId} className="pr-10 text-lg font-bold leading-snug text-ink-900">
        {renewal ? 'Renovar' : 'Publicar'} {comercio.nombre}
      </h2>
      <div className="mt-3 flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3">
        <span className="text-sm text-ink-700">
          {renewal ? 'Renovación' : 'Publicación'} por {PUBLICATION_DAYS} días
          {renewal && (
            <span className="block text-xs" data-testid="renewal-period">
              Del {formatLongInstant(renewal.start)} al {formatLongInstant(renewal.end)}, sin cortes
            </span>
          )}
        </span>
        <span className="text-xl font-extrabold text-brand-700">{formatMoney(data?.amount ?? 450)}</span>
      </div>
      {config.isPending &&
        (config.fetchStatus === 'paused' ? (
          // Opened offline: the form's settings wait for the connection (and come by themselves when it returns).
          <p role="status" className="mt-4 text-sm font-medium text-ink-700">
            {PAYMENT_OFFLINE}
          </p>
        ) : (
          <Spinner label="Cargando el formulario de pago…" />
        ))}
      {config.isError && (
        <div className="mt-4 space-y-3">
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800"
          >
            {errorMessage(config.error)}
          </p>
          <button type="button" className={btnSecondary} onClick={() => void config.refetch()}>
            Reintentar
          </button>
        </div>
      )}
      {data?.provider === 'sandbox' && (
        <SandboxCardForm
          amount={data.amount}
          comercioId={comercio.id}
          payerEmail={payerEmail}
          rejection={rejection}
          onPay={pay}
          onEdit={() => setRejection(null)}
        />
      )}
      {data?.provider === 'mercadopago' && data.publicKey && (
        <MercadoPagoBrick
          publicKey={data.publicKey}
          amount={data.amount}
          comercioId={comercio.id}
          payerEmail={payerEmail}
          rejection={rejection}
          onPay={pay}
        />
      )}
      <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-ink-500">
        <ShieldCheck className="size-4 text-leaf-600" aria-hidden="true" />
        {data?.provider === 'sandbox'
          ? 'Los datos de la tarjeta no salen de tu navegador'
          : 'Pago procesado por Mercado Pago'}
      </p>
    </ModalFrame>
  );
}
