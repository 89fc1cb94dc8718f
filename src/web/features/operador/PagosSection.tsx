import type { BodyInput } from '#shared/contract';
import { api } from '#web/lib/api';
import { useState } from 'react';
import type { OperadorPagoRow } from '#shared/operador';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { op, useOperadorAction, usePagos } from './api';
import { PasswordActionForm } from './PasswordActionForm';
import { formatInstant, formatMoney, PAGO_STATUS_LABEL, pagoStatusLabel } from './format';
import { FiltroBar } from './FiltroBar';
import { EmailText } from './EmailText';
import { card, Pager } from './Pager';

/** Payments as cards (a table does not fit a phone): amount, status, business, payer, order. */
export function PagosTable({ items }: { items: OperadorPagoRow[] }) {
  if (!items.length) return <p className="text-sm text-ink-600">Sin pagos.</p>;
  return (
    <ul className="space-y-2">
      {items.map((p) => (
        <li key={p.id} className={`${card} text-sm`} data-testid="pago">
          <div className="flex flex-wrap justify-between gap-2">
            <span className="font-bold">
              #{p.id} · {formatMoney(p.amount)}
            </span>
            <span className="rounded-full bg-sand-100 px-3 py-0.5 text-xs font-bold">{pagoStatusLabel(p.status)}</span>
          </div>
          <p className="text-ink-700">
            {p.comercioNombre ?? 'Comercio eliminado'} ·{' '}
            {p.userEmail ? <EmailText email={p.userEmail} /> : 'sin cuenta'}
          </p>
          <p className="text-xs text-ink-600">
            {formatInstant(p.createdAt)} · {p.provider === 'mercadopago' ? 'Mercado Pago' : 'pago de prueba'}
            {p.providerOrderId ? ` · orden ${p.providerOrderId}` : ''}
            {p.statusDetail ? ` · ${p.statusDetail}` : ''}
          </p>
          {p.status === 'processed' && p.providerOrderId && <RefundAction pago={p} />}
        </li>
      ))}
    </ul>
  );
}

function RefundAction({ pago }: { pago: OperadorPagoRow }) {
  const [open, setOpen] = useState(false);
  const refund = useOperadorAction((body: BodyInput<typeof op.refund>) =>
    api(op.refund, { params: { id: pago.id }, body }),
  );
  if (!open)
    return (
      <button type="button" className="mt-1 text-sm font-semibold text-red-700 underline" onClick={() => setOpen(true)}>
        Reembolsar
      </button>
    );
  return (
    <PasswordActionForm
      submitLabel={`Reembolsar ${formatMoney(pago.amount)}`}
      withPublicacion
      onSubmit={(body) => refund.mutateAsync(body)}
    />
  );
}

export function PagosSection() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const query = usePagos({ q: q.trim(), status, page });
  return (
    <section aria-labelledby="pagos-title" className="space-y-4">
      <h2 id="pagos-title" className="text-xl font-extrabold text-ink-900">
        Pagos
      </h2>
      <FiltroBar
        searchLabel="Buscá por orden, email o comercio"
        q={q}
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
        estado={{
          value: status,
          options: Object.entries(PAGO_STATUS_LABEL),
          onChange: (value) => {
            setStatus(value);
            setPage(1);
          },
        }}
      />
      {query.isPending && <Spinner label="Cargando pagos…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {query.data && (
        <>
          <PagosTable items={query.data.items} />
          <Pager page={page} hasMore={query.data.hasMore} onPage={setPage} />
        </>
      )}
    </section>
  );
}
