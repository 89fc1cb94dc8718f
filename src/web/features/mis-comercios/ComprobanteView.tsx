import { Printer, ReceiptText, SearchX, WifiOff } from '#web/components/icons';
import type { Comprobante } from '#shared/comprobantes';
import { formatDateTimeInstant, formatLongInstant } from '#shared/rules/dates-owner';
import { formatMoney } from '#shared/rules/money';
import { AppLink } from '#web/components/AppLink';
import { BackButton } from '#web/components/BackButton';
import { btnPrimary, btnSecondary } from '#web/components/buttons';
import { EmptyState } from '#web/components/EmptyState';
import { Spinner } from '#web/components/Spinner';
import { ApiError, errorMessage } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/hooks';
import type { View } from '#web/lib/routes';
import { useComprobante } from './pagosApi';

const MIS_COMERCIOS: View = { name: 'mis-comercios' };

export const COMPROBANTE_OFFLINE = 'Sin conexión: todavía no pudimos cargar el comprobante';

/** The receipt's rows, in the order an accountant reads them. */
export function comprobanteRows(c: Comprobante): Array<[string, string]> {
  return [
    ['Comercio', c.comercio.nombre],
    ['Concepto', 'Publicación en Vidriera por 30 días'],
    ['Monto', formatMoney(c.monto)],
    ['Fecha y hora', `${formatDateTimeInstant(new Date(c.fecha))} (hora de Mendoza)`],
    ['Período', `Del ${formatLongInstant(new Date(c.periodoDesde))} al ${formatLongInstant(new Date(c.periodoHasta))}`],
    ['Medio de pago', c.medioDePago],
    ['N.º de pago', String(c.pagoId)],
    ['N.º de orden', c.ordenId ?? '—'],
  ];
}

/** "Comprobante": the receipt of a processed payment, printable (styles.css hides everything else on paper). */
export default function ComprobanteView({ id }: { id: number }) {
  const query = useComprobante(id);
  useDocumentTitle(query.data ? `Comprobante de pago N.º ${query.data.pagoId}` : 'Comprobante de pago');

  // Offline the read waits for the connection (paused) instead of failing: say so, not "Cargando…" forever.
  if (query.isPending && query.fetchStatus === 'paused')
    return (
      <EmptyState icon={WifiOff} as="h1" title={COMPROBANTE_OFFLINE}>
        Lo mostramos apenas vuelva la conexión.
      </EmptyState>
    );
  if (query.isPending) return <Spinner label="Cargando el comprobante…" />;
  if (query.isError || !query.data) {
    const notFound = query.error instanceof ApiError && query.error.isNotFound;
    return (
      <EmptyState
        icon={SearchX}
        as="h1"
        title={notFound ? 'No encontramos este comprobante' : errorMessage(query.error)}
        action={
          <AppLink to={MIS_COMERCIOS} className={btnPrimary}>
            Ir a Mis Comercios
          </AppLink>
        }
      >
        Los comprobantes son de los pagos aprobados de tus comercios.
      </EmptyState>
    );
  }
  const c = query.data;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <div className="flex items-center justify-between gap-3 print:hidden">
        <BackButton to={MIS_COMERCIOS} label="Mis comercios" />
        <button type="button" className={btnSecondary} onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Imprimir
        </button>
      </div>
      <article aria-labelledby="comprobante-title" className="comprobante rounded-card bg-white p-6 shadow-card">
        <header className="flex items-start gap-3 border-b border-sand-200 pb-4">
          <ReceiptText className="mt-1 size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h1 id="comprobante-title" className="text-xl font-extrabold text-ink-900">
              Comprobante
            </h1>
            <p className="text-sm text-ink-600">
              Vidriera · Comercios de Mendoza{c.proveedor === 'sandbox' && ' · modo de prueba, sin cargo real'}
            </p>
          </div>
        </header>
        <dl className="mt-4 divide-y divide-sand-100 text-sm">
          {comprobanteRows(c).map(([label, value]) => (
            // On a phone the label goes above its value: side by side, a long name or the period took 4–6 lines.
            <div key={label} className="grid gap-0.5 py-2 sm:grid-cols-[9rem_1fr] sm:gap-3">
              <dt className="font-semibold text-ink-600">{label}</dt>
              <dd className="min-w-0 break-words text-ink-900" data-field={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-ink-500">Pago aprobado. Este comprobante no es una factura.</p>
      </article>
    </div>
  );
}
