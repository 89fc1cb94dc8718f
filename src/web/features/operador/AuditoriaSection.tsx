import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditRow } from '#shared/operador';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { errorMessage } from '#web/lib/api';
import { pagoQueries } from '#web/features/pagos';
import { useAuditoria } from './api';
import { actionLabel, formatInstant } from './format';
import { EmailText } from './EmailText';
import { historyLines } from './history';
import { card, Pager } from './Pager';

const asText = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** What an action was on, in words: «Panadería La Espiga», ana@ejemplo.com, pago #12 (a bare id only when gone). */
export function targetText(a: Pick<AuditRow, 'targetType' | 'targetId' | 'targetLabel'>): string {
  switch (a.targetType) {
    case 'comercio':
      return a.targetLabel ? `«${a.targetLabel}»` : `comercio #${a.targetId}`;
    case 'user':
      return a.targetLabel ?? 'una cuenta eliminada';
    case 'pago':
      return `pago #${a.targetId}`;
    case 'denuncia':
      return `denuncia #${a.targetId}`;
    case 'opinion':
      return `opinión #${a.targetId}`;
    default:
      return `${a.targetType} #${a.targetId}`;
  }
}

/**
 * Who did it. A payment's confirmation is recorded as "Mercado Pago"; with the sandbox taking the payments it was
 * a test payment, and the console says so instead of naming a provider that never saw it.
 */
export function actorText(actorEmail: string, provider: string | undefined): string {
  return actorEmail === 'Mercado Pago' && provider === 'sandbox' ? 'pago de prueba' : actorEmail;
}

export function AuditList({ items }: { items: AuditRow[] }) {
  const provider = useQuery({ ...pagoQueries.config(), staleTime: 10 * 60_000 }).data?.provider;
  if (!items.length) return <p className="text-sm text-ink-600">Sin acciones registradas.</p>;
  return (
    <ol className="space-y-2">
      {items.map((a) => (
        <li key={a.id} className={`${card} text-sm`}>
          <p className="font-bold">
            {actionLabel(a.action)} · <span className="break-words">{targetText(a)}</span>
          </p>
          <p className="text-xs text-ink-600">
            {formatInstant(a.createdAt)} · <EmailText email={actorText(a.actorEmail, provider)} />
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
