import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { contract } from '#shared/contract';
import { resumenEstadisticas, type Contadores } from '#shared/estadisticas';
import { contar } from '#shared/plural';
import { formatLongDay } from '#shared/rules/dates';
import { api } from '#web/lib/api';

export const estadisticasKey = (comercioId: number) => ['mis-comercios', 'estadisticas', comercioId] as const;

const WIDTH = 300;
const HEIGHT = 64;

function totalesText(t: Contadores): string {
  return [
    contar(t.visitas, 'visita', 'visitas'),
    `${t.whatsapp.toLocaleString('es-AR')} WhatsApp`,
    contar(t.llamadas, 'llamada', 'llamadas'),
    `${t.comoLlegar.toLocaleString('es-AR')} Cómo llegar`,
    contar(t.compartidos, 'compartido', 'compartidos'),
  ].join(' · ');
}

const nothingYet = (t: Contadores) => Object.values(t).every((n) => n === 0);

/** Said instead of an empty chart, before anyone opened the business. */
export const SIN_VISITAS =
  'Todavía no hay visitas: cuando alguien abra tu comercio, vas a ver acá las visitas y los contactos de cada día.';

/** Visits per day over the last 30 days (WhatsApp contacts darker), with the same numbers in words. */
export function EstadisticasChart({ comercioId }: { comercioId: number }) {
  const titleId = useId();
  const descId = useId();
  const query = useQuery({
    queryKey: estadisticasKey(comercioId),
    queryFn: ({ signal }) => api(contract.estadisticas.deComercio, { params: { id: comercioId }, signal }),
    staleTime: 60_000,
  });
  const data = query.data;
  if (!data) return null;
  if (nothingYet(data.total30) && nothingYet(data.totalHistorico))
    return (
      <section className="rounded-xl bg-sand-50 px-3 py-2 text-sm" aria-label="Estadísticas">
        <p className="text-ink-700" data-testid="estadisticas-vacias">
          {SIN_VISITAS}
        </p>
      </section>
    );
  const max = Math.max(1, ...data.dias.map((d) => d.visitas));
  const step = WIDTH / data.dias.length;
  const resumen = resumenEstadisticas(data.total30);
  const first = data.dias[0]!.dia;
  const last = data.dias.at(-1)!.dia;
  return (
    <section className="rounded-xl bg-sand-50 px-3 py-2 text-sm" aria-label="Estadísticas">
      <p className="font-semibold text-ink-800" data-testid="estadisticas-resumen">
        {resumen}
      </p>
      {!nothingYet(data.total30) && (
        <svg
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="mt-1 h-16 w-full"
          preserveAspectRatio="none"
        >
          <title id={titleId}>Visitas por día en los últimos 30 días</title>
          <desc id={descId}>{`Del ${formatLongDay(first)} al ${formatLongDay(last)}: ${resumen}.`}</desc>
          {data.dias.map((d, i) => {
            const h = (d.visitas / max) * (HEIGHT - 2);
            const w = (d.whatsapp / max) * (HEIGHT - 2);
            return (
              <g key={d.dia}>
                <rect x={i * step + 1} y={HEIGHT - h} width={step - 2} height={h} className="fill-brand-300" />
                <rect x={i * step + 1} y={HEIGHT - w} width={step - 2} height={w} className="fill-leaf-700" />
              </g>
            );
          })}
        </svg>
      )}
      <p className="mt-1 text-xs text-ink-600" data-testid="estadisticas-totales">
        Desde que se publicó: {totalesText(data.totalHistorico)}
      </p>
    </section>
  );
}
