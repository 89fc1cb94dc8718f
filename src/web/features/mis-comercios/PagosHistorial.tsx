import { ReceiptText } from '#web/components/icons';
import { useState } from 'react';
import { formatDateTimeInstant, formatLongInstant } from '#shared/rules/dates-owner';
import { formatMoney } from '#shared/rules/money';
import { AppLink } from '#web/components/AppLink';
import { errorMessage } from '#web/lib/api';
import { usePagosDeComercio } from './pagosApi';

/** Offline the read waits for the connection (paused) instead of failing. */
export const PAGOS_OFFLINE =
  'Sin conexión: todavía no pudimos cargar los pagos. Los mostramos apenas vuelva la conexión.';

const ESTADO_LOOKS: Record<string, string> = {
  processed: 'bg-leaf-50 text-leaf-800',
  failed: 'bg-red-50 text-red-800',
};

/** A business's payments from the ledger (date, status in Spanish, amount, period), loaded when opened. */
export function PagosHistorial({ comercioId }: { comercioId: number }) {
  const [open, setOpen] = useState(false);
  const query = usePagosDeComercio(comercioId, open);
  const items = query.data?.items;
  return (
    <details className="rounded-xl bg-sand-50 px-3 py-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-ink-800">Pagos y comprobantes</summary>
      {query.isPending && open && query.fetchStatus === 'paused' && (
        <p className="mt-2 text-ink-700" data-testid="pagos-offline">
          {PAGOS_OFFLINE}
        </p>
      )}
      {query.isPending && open && query.fetchStatus !== 'paused' && (
        <p className="mt-2 text-ink-600">Cargando los pagos…</p>
      )}
      {query.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {errorMessage(query.error)}
        </p>
      )}
      {items && items.length === 0 && <p className="mt-2 text-ink-600">Todavía no hay pagos de este comercio.</p>}
      {items && items.length > 0 && (
        <ul className="mt-2 divide-y divide-sand-200" aria-label="Pagos">
          {items.map((p) => (
            <li key={p.id} className="py-2" data-pago-id={p.id}>
              <p className="flex flex-wrap items-center gap-x-2">
                <span className="text-ink-700">{formatDateTimeInstant(new Date(p.fecha))}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ESTADO_LOOKS[p.status] ?? 'bg-sand-200 text-ink-800'}`}
                >
                  {p.estado}
                </span>
                <span className="font-semibold text-ink-900">{formatMoney(p.monto)}</span>
              </p>
              {p.periodoDesde && p.periodoHasta && (
                <p className="text-xs text-ink-600">
                  Período: del {formatLongInstant(new Date(p.periodoDesde))} al{' '}
                  {formatLongInstant(new Date(p.periodoHasta))}
                </p>
              )}
              {p.comprobante && (
                <AppLink
                  to={{ name: 'comprobante', id: p.id }}
                  className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700 underline underline-offset-2"
                >
                  <ReceiptText className="size-3.5" aria-hidden="true" />
                  Ver comprobante
                </AppLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
