import { BUSINESS_TIMEZONE, DIAS, type Dia } from '#shared/constants';
import { onFirstUse } from '#shared/intl';

const DAY_MS = 86_400_000;

const ymdFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: BUSINESS_TIMEZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** The calendar date ("YYYY-MM-DD") of an instant as seen in Mendoza. */
export function mendozaDate(instant: Date): string {
  return ymdFormatter().format(instant);
}

/** "YYYY-MM-DD" (or an ISO timestamp, whose date part is taken) → days since the epoch. */
function epochDay(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** Whole calendar days from today (in Mendoza) to `date`: 0 today, 1 tomorrow, -1 yesterday. */
export function daysUntil(date: string, now: Date): number {
  return epochDay(date) - epochDay(mendozaDate(now));
}

const longDateOfDay = onFirstUse(() => new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeZone: 'UTC' }));

/** A calendar date ("2026-12-05") in long Spanish: "5 de diciembre de 2026". */
export function formatLongDay(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return longDateOfDay().format(new Date(Date.UTC(y, m - 1, d)));
}

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

const clock = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIMEZONE,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }),
);
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The Mendoza weekday (as a spec day name) and minutes since midnight of an instant. */
export function mendozaClock(now: Date): { dia: Dia; minutes: number; index: number } {
  const parts = Object.fromEntries(
    clock()
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const index = WEEKDAYS.indexOf(parts.weekday ?? '');
  return { dia: DIAS[index] as Dia, index, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
