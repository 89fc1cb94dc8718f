import { BUSINESS_TIMEZONE, DIAS, type Dia } from '../constants';
import { foldAccents } from '../text';

export interface TimeRange {
  /** Minutes since midnight. */
  start: number;
  /** Minutes since midnight; may be ≤ start for a range that ends after midnight. */
  end: number;
}

export type ParsedHours = { kind: 'closed' } | { kind: 'always' } | { kind: 'ranges'; ranges: TimeRange[] } | { kind: 'unknown' };

const RANGE = /(\d{1,2})(?:[:.](\d{2}))?\s*(?:hs?\.?)?\s*(?:-|–|a|al|hasta)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:hs?\.?)?/g;

/** "9:00 - 13:00, 17:00 - 21:00" → two ranges; "Cerrado" → closed; "24 horas" → always; else unknown. */
export function parseHours(text: string | null | undefined): ParsedHours {
  const t = foldAccents(text ?? '').trim();
  if (!t) return { kind: 'unknown' };
  if (/^cerrado\b/.test(t)) return { kind: 'closed' };
  if (/24\s*(h|hs|horas)\b/.test(t)) return { kind: 'always' };
  const ranges: TimeRange[] = [];
  for (const m of t.matchAll(RANGE)) {
    const [sh, sm, eh, em] = [Number(m[1]), Number(m[2] ?? 0), Number(m[3]), Number(m[4] ?? 0)];
    if (sh > 24 || eh > 24 || sm > 59 || em > 59) return { kind: 'unknown' };
    ranges.push({ start: (sh % 24) * 60 + sm, end: (eh === 24 ? 24 * 60 : eh * 60) + em });
  }
  return ranges.length ? { kind: 'ranges', ranges } : { kind: 'unknown' };
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

/**
 * Open now by the daily hours, in Mendoza time: true, false, or null when today's hours can't be read.
 * A range past midnight (20:00 - 02:00) keeps yesterday's business open in the small hours.
 */
export function isOpenNow(horarioDetallado: Partial<Record<Dia, string>> | null | undefined, now: Date): boolean | null {
  if (!horarioDetallado) return null;
  const { index, minutes } = mendozaClock(now);
  const today = parseHours(horarioDetallado[DIAS[index] as Dia]);
  const yesterday = parseHours(horarioDetallado[DIAS[(index + 6) % 7] as Dia]);
  if (yesterday.kind === 'ranges' && yesterday.ranges.some((r) => r.end <= r.start && minutes < r.end)) return true;
  switch (today.kind) {
    case 'closed':
      return false;
    case 'always':
      return true;
    case 'unknown':
      return null;
    case 'ranges':
      return today.ranges.some((r) => (r.end > r.start ? minutes >= r.start && minutes < r.end : minutes >= r.start));
  }
}
