import { BUSINESS_TIMEZONE } from '#shared/constants';

/**
 * Dates as owners' pages, receipts, emails and forms need them. Apart from dates.ts, which public pages use: a
 * module's exports travel together into the browser chunk that holds it (ADR 023).
 */

export function isValidDateString(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const longDateOfInstant = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeZone: BUSINESS_TIMEZONE });

/** An instant in long Spanish, as the calendar date it has in Mendoza. */
export function formatLongInstant(instant: Date): string {
  return longDateOfInstant.format(instant);
}

const dateTimeOfInstant = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'long',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIMEZONE,
});

/** An instant with its time, as seen in Mendoza: "22 de noviembre de 2026 a las 12:05". */
export function formatDateTimeInstant(instant: Date): string {
  return dateTimeOfInstant.format(instant);
}
