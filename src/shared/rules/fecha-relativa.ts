import { daysUntil, mendozaDate } from './dates';

const plural = (n: number, one: string, many: string) => `hace ${n} ${n === 1 ? one : many}`;

/**
 * When an opinion was written, as people say it: "hoy", "ayer", "hace 3 días", "hace 2 semanas", "hace 1 mes",
 * "hace 2 años". Counted in Mendoza calendar days, so an opinion from 23:50 reads "ayer" ten minutes after
 * midnight there whatever the reader's or the server's time zone. A date ahead of `now` (a clock slightly off)
 * reads "hoy".
 */
export function fechaRelativa(instant: string | Date, now: Date): string {
  const days = -daysUntil(mendozaDate(new Date(instant)), now);
  if (days <= 0) return 'hoy';
  if (days === 1) return 'ayer';
  if (days < 7) return plural(days, 'día', 'días');
  if (days < 30) return plural(Math.floor(days / 7), 'semana', 'semanas');
  if (days < 365) return plural(Math.floor(days / 30), 'mes', 'meses');
  return plural(Math.floor(days / 365), 'año', 'años');
}
