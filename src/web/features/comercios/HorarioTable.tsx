import { DIAS } from '#shared/constants';
import type { HorarioDetallado } from '#shared/api';
import { mendozaClock } from '#shared/rules/dates';

/** "9:00 - 13:00, 17:00 - 21:00" → one line per range, so narrow columns never break a range in two. */
export function splitRanges(hours: string): string[] {
  return hours.split(/\s*,\s*|\s+y\s+/).filter(Boolean);
}

/** Hours per day, Lunes to Domingo, with today (in Mendoza) highlighted. */
export function HorarioTable({
  horarioDetallado,
  now,
}: {
  horarioDetallado: Partial<HorarioDetallado> | null;
  now: Date;
}) {
  const today = mendozaClock(now).dia;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Horarios por día</caption>
      <tbody>
        {DIAS.map((dia) => {
          const isToday = dia === today;
          const hours = horarioDetallado?.[dia]?.trim() || '—';
          return (
            <tr
              key={dia}
              className={isToday ? 'bg-brand-50 font-semibold text-ink-900' : 'text-ink-700'}
              aria-current={isToday ? 'date' : undefined}
            >
              <th
                scope="row"
                className={`w-0 whitespace-nowrap py-2 pl-3 pr-4 text-left align-top font-semibold ${isToday ? 'rounded-l-lg' : ''}`}
              >
                {dia}
                {/* A space before the badge: without it a screen reader reads the row as one word, "DomingoHoy". */}
                {isToday && ' '}
                {isToday && <span className="today-pill">Hoy</span>}
              </th>
              <td className={`py-2 pr-3 text-right align-top ${isToday ? 'rounded-r-lg' : ''}`}>
                {splitRanges(hours).map((range, i) => (
                  <span key={i} className="block whitespace-nowrap">
                    {range}
                  </span>
                ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
