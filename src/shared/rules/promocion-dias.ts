import { DIA_CORTO, DIAS, type Dia } from '#shared/constants';
import { onFirstUse } from '#shared/intl';
import { mendozaDate } from './dates';
import { formatMoney } from './money';

/** Means of payment a promotion can name; a bank or card goes in the free text beside them. */
export const MEDIOS_PAGO = ['efectivo', 'debito', 'credito', 'transferencia', 'mercado-pago', 'modo'] as const;
export type MedioPago = (typeof MEDIOS_PAGO)[number];
export const MEDIO_PAGO_LABELS: Record<MedioPago, string> = {
  efectivo: 'Efectivo',
  debito: 'Débito',
  credito: 'Crédito',
  transferencia: 'Transferencia',
  'mercado-pago': 'Mercado Pago',
  modo: 'MODO',
};

/** The fine print the "applies today" rule and the compact line read. */
export interface CondicionesPromocion {
  /** Empty: every day. */
  dias: Dia[];
  /** "YYYY-MM-DD" or null (no start date). */
  desde: string | null;
  fechaVencimiento: string;
}

/** Bit i stands for DIAS[i] (Lunes = 1 … Domingo = 64); 127 is every day, as the column stores it. */
export const TODOS_LOS_DIAS = 127;
export function diasToMask(dias: readonly Dia[]): number {
  if (!dias.length) return TODOS_LOS_DIAS;
  return dias.reduce((mask, d) => mask | (1 << DIAS.indexOf(d)), 0);
}
export function maskToDias(mask: number): Dia[] {
  if ((mask & TODOS_LOS_DIAS) === TODOS_LOS_DIAS) return [];
  return DIAS.filter((_, i) => mask & (1 << i));
}

/** The weekday of a calendar date ("YYYY-MM-DD"), as an index into DIAS (0 = Lunes). */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether the promotion applies on that calendar date (its days, its start and its expiry). */
export function appliesOn(p: CondicionesPromocion, date: string): boolean {
  if (p.desde && date < p.desde) return false;
  if (date > p.fechaVencimiento) return false;
  return p.dias.length === 0 || p.dias.includes(DIAS[weekdayIndex(date)]!);
}

export type EstadoHoy =
  | { kind: 'aplica' }
  /** Not started yet: it starts on `fecha`. */
  | { kind: 'desde'; fecha: string }
  /** Started but not one of its days: next on `fecha` (a `dia`), or null when none is left before expiry. */
  | { kind: 'otro-dia'; fecha: string | null; dia: Dia | null }
  | { kind: 'vencida' };

/** Whether the promotion applies today in Mendoza, and if not, when it does next. */
export function estadoHoy(p: CondicionesPromocion, now: Date): EstadoHoy {
  const today = mendozaDate(now);
  if (today > p.fechaVencimiento) return { kind: 'vencida' };
  if (p.desde && today < p.desde) return { kind: 'desde', fecha: p.desde };
  if (appliesOn(p, today)) return { kind: 'aplica' };
  for (let i = 1; i <= 7; i++) {
    const date = addDaysToDate(today, i);
    if (appliesOn(p, date)) return { kind: 'otro-dia', fecha: date, dia: DIAS[weekdayIndex(date)]! };
  }
  return { kind: 'otro-dia', fecha: null, dia: null };
}

export function aplicaHoy(p: CondicionesPromocion, now: Date): boolean {
  return estadoHoy(p, now).kind === 'aplica';
}

const dayMonth = onFirstUse(() => new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'long', timeZone: 'UTC' }));
/** "2026-12-01" → "1 de diciembre". */
export function formatDayMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return dayMonth().format(new Date(Date.UTC(y, m - 1, d)));
}

/** The card's badge when it does not apply today: "Hoy no aplica · próximo martes", "Desde el 1 de diciembre". */
export function estadoHoyText(estado: EstadoHoy): string | null {
  switch (estado.kind) {
    case 'aplica':
    case 'vencida':
      return null;
    case 'desde':
      return `Desde el ${formatDayMonth(estado.fecha)}`;
    case 'otro-dia':
      return estado.dia ? `Hoy no aplica · próximo ${estado.dia.toLowerCase()}` : 'Hoy no aplica';
  }
}

/** "a", "a y b", "a, b y c". */
export function joinY(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

export interface FinePrint {
  dias: Dia[];
  mediosPago: MedioPago[];
  /** A bank or card, free text ("Banco Nación"). */
  medioPagoOtro: string;
  tope: number | null;
  compraMinima: number | null;
}

export function diasText(dias: readonly Dia[]): string {
  return dias.length ? joinY(DIAS.filter((d) => dias.includes(d)).map((d) => DIA_CORTO[d])) : 'Todos los días';
}

export function mediosPagoText(p: Pick<FinePrint, 'mediosPago' | 'medioPagoOtro'>): string {
  const labels = MEDIOS_PAGO.filter((m) => p.mediosPago.includes(m)).map((m) => MEDIO_PAGO_LABELS[m]);
  if (p.medioPagoOtro.trim()) labels.push(p.medioPagoOtro.trim());
  return joinY(labels);
}

/** The card's compact line: "Mar y Jue · Débito y MODO · tope $ 5.000"; empty when there is no fine print. */
export function compactText(p: FinePrint): string {
  const parts: string[] = [];
  if (p.dias.length) parts.push(diasText(p.dias));
  const medios = mediosPagoText(p);
  if (medios) parts.push(medios);
  if (p.tope !== null) parts.push(`tope ${formatMoney(p.tope)}`);
  if (p.compraMinima !== null) parts.push(`mínimo ${formatMoney(p.compraMinima)}`);
  return parts.join(' · ');
}

/** The SQL side's bit for today's weekday in Mendoza (appliesOn's twin reads the same mask). */
export function todayMask(now: Date): number {
  return 1 << weekdayIndex(mendozaDate(now));
}

/** The fine-print fields of a promotion, as the API carries them. */
export interface LetraChica extends FinePrint {
  desde: string | null;
  condiciones: string;
}
