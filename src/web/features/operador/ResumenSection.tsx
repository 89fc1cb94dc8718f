import { useState } from 'react';
import { Notice } from '#web/components/Notice';
import { Spinner } from '#web/components/Spinner';
import { AppLink } from '#web/components/AppLink';
import { errorMessage } from '#web/lib/api';
import { useResumen } from './api';
import { BarChart } from './BarChart';
import { formatDay, formatInstant, formatMoney, formatMonth, pagoStatusLabel } from './format';
import { ToggleRow } from './ToggleRow';

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

export function ResumenSection() {
  const [dias, setDias] = useState<30 | 90>(30);
  const query = useResumen(dias);
  const r = query.data;
  return (
    <section aria-labelledby="resumen-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="resumen-title" className="text-xl font-extrabold text-ink-900">
          Resumen
        </h2>
        <ToggleRow<30 | 90>
          label="Período"
          options={[30, 90] as const}
          value={dias}
          labelOf={(d) => `${d} días`}
          onChange={setDias}
          wrap={false}
        />
      </div>
      {query.isPending && <Spinner label="Cargando el resumen…" />}
      {query.isError && <Notice>{errorMessage(query.error)}</Notice>}
      {r && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Publicados ahora', String(r.publicadosAhora)],
              [`Cuentas nuevas (${dias} días)`, String(sum(r.porDia.map((d) => d.cuentas)))],
              [`Comercios nuevos (${dias} días)`, String(sum(r.porDia.map((d) => d.comercios)))],
              [`Ingresos (${dias} días)`, formatMoney(sum(r.porDia.map((d) => d.ingresos)))],
              ['Denuncias pendientes', String(r.denunciasPendientes)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-card bg-white p-3 shadow-card ring-1 ring-sand-200/70">
                <dt className="text-xs font-semibold text-ink-600">{label}</dt>
                <dd className="mt-1 text-2xl font-extrabold text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {(
              [
                ['Cuentas nuevas por día', 'cuentas'],
                ['Comercios nuevos por día', 'comercios'],
                ['Ingresos por día', 'ingresos'],
              ] as const
            ).map(([title, field]) => {
              const values = r.porDia.map((d) => d[field]);
              const best = r.porDia.reduce((a, b) => (b[field] > a[field] ? b : a), r.porDia[0]!);
              const fmt = field === 'ingresos' ? formatMoney : String;
              return (
                <BarChart
                  key={field}
                  title={title}
                  bars={r.porDia.map((d) => ({ label: formatDay(d.dia), value: d[field] }))}
                  format={(n) => fmt(n)}
                  summary={`Total en ${dias} días: ${fmt(sum(values))}. ${
                    best[field] > 0
                      ? `El día con más: ${formatDay(best.dia)} (${fmt(best[field])}).`
                      : 'Sin movimiento.'
                  }`}
                />
              );
            })}
          </div>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <section
              aria-labelledby="meses-title"
              className="rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70"
            >
              <h3 id="meses-title" className="text-sm font-bold text-ink-900">
                Ingresos por mes (pagos acreditados)
              </h3>
              {r.ingresosPorMes.length === 0 ? (
                <p className="mt-2 text-sm text-ink-600">Todavía no hay ingresos en el período.</p>
              ) : (
                <ul className="mt-2 space-y-1 text-sm">
                  {r.ingresosPorMes.map((m) => (
                    <li key={m.mes} className="flex justify-between gap-2">
                      <span>{formatMonth(m.mes)}</span>
                      <span className="font-semibold">{formatMoney(m.ingresos)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section
              aria-labelledby="estados-title"
              className="rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70"
            >
              <h3 id="estados-title" className="text-sm font-bold text-ink-900">
                Pagos por estado ({dias} días)
              </h3>
              {r.pagosPorEstado.length === 0 ? (
                <p className="mt-2 text-sm text-ink-600">No hubo pagos en el período.</p>
              ) : (
                <ul className="mt-2 space-y-1 text-sm">
                  {r.pagosPorEstado.map((p) => (
                    <li key={p.status} className="flex justify-between gap-2">
                      <span>{pagoStatusLabel(p.status)}</span>
                      <span className="font-semibold">{p.cantidad}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <section
            aria-labelledby="vencen-title"
            className="rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70"
          >
            <h3 id="vencen-title" className="text-sm font-bold text-ink-900">
              Publicaciones que vencen en los próximos 7 días ({r.vencenPronto.length})
            </h3>
            {r.vencenPronto.length === 0 ? (
              <p className="mt-2 text-sm text-ink-600">Ninguna.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {r.vencenPronto.map((v) => (
                  <li key={v.id} className="flex flex-wrap justify-between gap-2">
                    <AppLink
                      to={{ name: 'operador', seccion: 'comercios', id: v.id }}
                      className="font-semibold text-brand-700 underline"
                    >
                      {v.nombre}
                    </AppLink>
                    <span>vence el {formatInstant(v.vence)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
