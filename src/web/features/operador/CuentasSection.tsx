import type { BodyInput } from '#shared/contract';
import { api } from '#web/lib/api';
import { useState } from 'react';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { op, useCuentas, useOperadorAction, useOperadorMe } from './api';
import { formatInstant } from './format';
import { FiltroBar } from './FiltroBar';
import { card, Pager } from './Pager';
import { EmailText } from './EmailText';
import { PasswordActionForm } from './PasswordActionForm';
import { ReasonForm } from './ReasonForm';
import type { OperadorCuentaRow } from '#shared/operador';

export function CuentasSection() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useCuentas({ q: q.trim(), page });
  return (
    <section aria-labelledby="cuentas-title" className="space-y-4">
      <h2 id="cuentas-title" className="text-xl font-extrabold text-ink-900">
        Cuentas
      </h2>
      <FiltroBar
        searchLabel="Buscá por email o nombre"
        q={q}
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      {query.isPending && <Spinner label="Cargando cuentas…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {query.data && (
        <>
          <ul className="space-y-2">
            {query.data.items.map((c) => (
              // Keyed by what the account is: after an action its card starts closed again.
              <CuentaCard key={`${c.id}-${c.role}-${c.suspendida}`} cuenta={c} />
            ))}
          </ul>
          <Pager page={page} hasMore={query.data.hasMore} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function CuentaCard({ cuenta: c }: { cuenta: OperadorCuentaRow }) {
  const promote = useOperadorAction((body: BodyInput<typeof op.promote>) => api(op.promote, { body }));
  const suspend = useOperadorAction((body: BodyInput<typeof op.suspend>) =>
    api(op.suspend, { params: { id: c.id }, body }),
  );
  const reinstate = useOperadorAction((body: BodyInput<typeof op.reinstate>) =>
    api(op.reinstate, { params: { id: c.id }, body }),
  );
  const demote = useOperadorAction((body: BodyInput<typeof op.demote>) =>
    api(op.demote, { params: { id: c.id }, body }),
  );
  // Another operator takes the role away (the server refuses it for oneself as well).
  const self = useOperadorMe().data?.id === c.id;
  const [open, setOpen] = useState<'promover' | 'suspender' | 'quitar' | null>(null);
  return (
    <li className={`${card} space-y-1 text-sm`}>
      <p className="font-bold">
        {c.name} · <EmailText email={c.email} />
      </p>
      <p className="text-xs text-ink-600">
        {c.role === 'operator' ? 'Operador' : 'Dueño'} · {c.comercios} comercio{c.comercios === 1 ? '' : 's'} · desde el{' '}
        {formatInstant(c.createdAt)}
        {c.suspendida ? ` · Suspendida (${c.suspendedReason ?? ''})` : ''}
      </p>
      {c.role === 'owner' && !c.suspendida && !open && (
        <div className="flex flex-wrap gap-4">
          <button
            type="button"
            className="min-h-11 text-sm font-semibold text-brand-700 underline"
            onClick={() => setOpen('promover')}
          >
            Nombrar operador
          </button>
          <button
            type="button"
            className="min-h-11 text-sm font-semibold text-red-700 underline"
            onClick={() => setOpen('suspender')}
          >
            Suspender cuenta
          </button>
        </div>
      )}
      {c.role === 'operator' && !self && !open && (
        <button
          type="button"
          className="min-h-11 text-sm font-semibold text-red-700 underline"
          onClick={() => setOpen('quitar')}
        >
          Quitar rol de operador
        </button>
      )}
      {open === 'quitar' && c.role === 'operator' && (
        <PasswordActionForm
          submitLabel="Quitar rol de operador"
          withPublicacion={false}
          onSubmit={({ motivo, password }) => demote.mutateAsync({ motivo, password })}
        />
      )}
      {open === 'promover' && (
        <ReasonForm
          label="Motivo"
          submitLabel="Nombrar operador"
          onSubmit={(motivo) => promote.mutateAsync({ email: c.email, motivo })}
        />
      )}
      {open === 'suspender' && !c.suspendida && (
        <PasswordActionForm
          submitLabel="Suspender cuenta"
          withPublicacion={false}
          onSubmit={({ motivo, password }) => suspend.mutateAsync({ motivo, password })}
        />
      )}
      {c.suspendida && (
        <ReasonForm
          label="Motivo para reincorporarla"
          submitLabel="Reincorporar cuenta"
          onSubmit={(motivo) => reinstate.mutateAsync({ motivo })}
        />
      )}
    </li>
  );
}
