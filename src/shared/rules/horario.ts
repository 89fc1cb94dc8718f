import { CLOSED_TEXT, DIAS, type Dia } from '#shared/constants';
import { foldAccents } from '#shared/text';
import { mendozaClock } from './dates';

/**
 * Reading per-day hours, what a business page needs (open now, the week's table); writing and checking them,
 * for the owner's form and the server, is horario-texto.ts: apart, so the page's code does not carry it (ADR 023).
 *
 * Per-day hours in their canonical stored text (ADR 006): "Cerrado", "24 horas", or one or two shifts
 * "9:00 - 13:00, 17:00 - 21:00". A shift whose end is not after its start ends after midnight ("20:00 - 2:00").
 */
export const ALWAYS_TEXT = '24 horas';
export const MAX_TURNOS = 2;

export interface TimeRange {
  /** Minutes since midnight. */
  start: number;
  /** Minutes since midnight; not after start for a shift that ends after midnight. */
  end: number;
}

export type DiaHorario = { kind: 'closed' } | { kind: 'always' } | { kind: 'turnos'; turnos: TimeRange[] };

const DAY = 24 * 60;
export const CLOCK = '([01]?\\d|2[0-3]):([0-5]\\d)';
const SHIFT = new RegExp(`^${CLOCK}\\s*-\\s*${CLOCK}$`);

/** 540 → "9:00"; 1440 → "0:00". */
export function formatClock(minutes: number): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** Why a day's text is not one of the canonical forms (horario-texto.ts words it for the owner). */
export type DiaError = 'formato' | 'turnos' | 'mismo-horario' | 'orden';

/**
 * Reads one day's stored text strictly (the canonical forms only; blank is closed, spec §5) and checks its
 * shifts: one or two, each opening and closing at different times, the second after the first, and only
 * the last one running past midnight.
 */
export function readDia(
  text: string | null | undefined,
): { ok: true; dia: DiaHorario } | { ok: false; error: DiaError } {
  const t = (text ?? '').trim();
  const folded = foldAccents(t);
  if (!t || folded === foldAccents(CLOSED_TEXT)) return { ok: true, dia: { kind: 'closed' } };
  if (folded === ALWAYS_TEXT) return { ok: true, dia: { kind: 'always' } };
  const turnos: TimeRange[] = [];
  for (const part of t.split(',').map((p) => p.trim())) {
    const m = SHIFT.exec(part);
    if (!m) return { ok: false, error: 'formato' };
    turnos.push({ start: Number(m[1]) * 60 + Number(m[2]), end: Number(m[3]) * 60 + Number(m[4]) });
  }
  if (turnos.length > MAX_TURNOS) return { ok: false, error: 'turnos' };
  if (turnos.some((r) => r.start === r.end)) return { ok: false, error: 'mismo-horario' };
  const [first, second] = turnos;
  if (first && second && (first.end < first.start || second.start < first.end)) return { ok: false, error: 'orden' };
  return { ok: true, dia: { kind: 'turnos', turnos } };
}

/**
 * The week, when its hours are known: every day readable and at least one open. Seven "Cerrado" days are
 * what an owner who filled nothing gets (spec §5), so they say nothing about when the business opens.
 */
export function readWeek(detallado: Partial<Record<Dia, string>> | null | undefined): Record<Dia, DiaHorario> | null {
  if (!detallado) return null;
  const week = {} as Record<Dia, DiaHorario>;
  for (const dia of DIAS) {
    const read = readDia(detallado[dia]);
    if (!read.ok) return null;
    week[dia] = read.dia;
  }
  return DIAS.some((d) => week[d].kind !== 'closed') ? week : null;
}

export type OpenStatus =
  | {
      open: true;
      /** "13:00"; null when it does not close within the week. */ closesAt: string | null;
      /** "" within 24 hours, else "el domingo". */ when: string;
    }
  | { open: false; opensAt: string; /** "hoy", "mañana" or "el lunes". */ when: string };

/** Open intervals in minutes from today's midnight (Mendoza), yesterday to a week ahead, merged. */
function intervals(week: Record<Dia, DiaHorario>, todayIndex: number): Array<[number, number]> {
  const list: Array<[number, number]> = [];
  for (let offset = -1; offset <= 7; offset++) {
    const dia = week[DIAS[(((todayIndex + offset) % 7) + 7) % 7]!];
    const base = offset * DAY;
    if (dia.kind === 'always') list.push([base, base + DAY]);
    if (dia.kind === 'turnos') {
      for (const t of dia.turnos) list.push([base + t.start, base + (t.end > t.start ? t.end : t.end + DAY)]);
    }
  }
  list.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of list) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/**
 * Open or closed now, in Mendoza time, with when that changes; null when the hours are not known (no claim).
 * Shifts past midnight keep the previous day's business open in the small hours.
 */
export function openStatus(detallado: Partial<Record<Dia, string>> | null | undefined, now: Date): OpenStatus | null {
  const week = readWeek(detallado);
  if (!week) return null;
  const { index, minutes } = mendozaClock(now);
  const merged = intervals(week, index);
  const current = merged.find(([s, e]) => s <= minutes && minutes < e);
  const weekday = (at: number) => `el ${DIAS[(index + Math.floor(at / DAY)) % 7]!.toLowerCase()}`;
  if (current) {
    const [, end] = current;
    if (end >= 7 * DAY) return { open: true, closesAt: null, when: '' };
    return { open: true, closesAt: formatClock(end), when: end - minutes < DAY ? '' : weekday(end) };
  }
  const next = merged.find(([s]) => s > minutes);
  if (!next) return null;
  const offset = Math.floor(next[0] / DAY);
  const when = offset === 0 ? 'hoy' : offset === 1 ? 'mañana' : weekday(next[0]);
  return { open: false, opensAt: formatClock(next[0]), when };
}

/** "Abierto ahora · cierra 13:00", "Abierto ahora · las 24 horas", "Cerrado · abre mañana 9:00". */
export function openStatusLabel(status: OpenStatus): string {
  if (status.open)
    return status.closesAt
      ? `Abierto ahora · cierra ${status.when ? `${status.when} ` : ''}${status.closesAt}`
      : 'Abierto ahora · las 24 horas';
  return `Cerrado · abre ${status.when} ${status.opensAt}`;
}
