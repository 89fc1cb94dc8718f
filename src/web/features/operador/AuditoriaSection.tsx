import { useState } from 'react';
import type { AuditRow } from '#shared/operador';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { useAuditoria } from './api';
import { actionLabel, formatInstant } from './format';
import { historyLines } from './history';
import { card, Pager } from './Pager';

const asText = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

export function AuditList({ items }: { items: AuditRow[] }) {
  if (!items.length) return <p className="text-sm text-ink-600">Sin acciones registradas.</p>;
  return (
    <ol className="space-y-2">
      {items.map((a) => (
        <li key={a.id} className={`${card} text-sm`}>
          <p className="font-bold">
            {actionLabel(a.action)} · {a.targetType} {a.targetId}
          </p>
          <p className="text-xs text-ink-600">
            {formatInstant(a.createdAt)} · {a.actorEmail}
          </p>
          {historyLines(a).map((line) => (
            <p key={line} className="mt-1 break-words">
              {line}
            </p>
          ))}
          {a.reason && <p className="mt-1 break-words">Motivo: {a.reason}</p>}
          <details className="mt-1">
            <summary className="cursor-pointer text-xs font-semibold text-brand-700">Antes y después</summary>
            <p className="mt-1 break-all font-mono text-xs">Antes: {asText(a.before)}</p>
            <p className="break-all font-mono text-xs">Después: {asText(a.after)}</p>
          </details>
        </li>
      ))}
    </ol>
  );
}

export function AuditoriaSection() {
  const [page, setPage] = useState(1);
  const query = useAuditoria(page);
  return (
    <section aria-labelledby="auditoria-title" className="space-y-4">
      <h2 id="auditoria-title" className="text-xl font-extrabold text-ink-900">
        Auditoría
      </h2>
      {query.isPending && <Spinner label="Cargando la auditoría…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {query.data && (
        <>
          <AuditList items={query.data.items} />
          <Pager page={page} hasMore={query.data.hasMore} onPage={setPage} />
        </>
      )}
    </section>
  );
}
