import { BUSINESS_TIMEZONE, DIAS, type Dia } from '#shared/constants';

export interface TimeRange {
  /** Minutes since midnight. */
  start: number;
  /** Minutes since midnight; not after start for a shift that ends after midnight. */
  end: number;
}

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIMEZONE,
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The Mendoza weekday (as a spec day name) and minutes since midnight of an instant. */
export function mendozaClock(now: Date): { dia: Dia; minutes: number; index: number } {
  const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  const index = WEEKDAYS.indexOf(parts.weekday ?? '');
  return { dia: DIAS[index] as Dia, index, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
