import { CLOSED_TEXT, DIAS, type Dia } from '#shared/constants';
import { ALWAYS_TEXT, formatClock, MAX_TURNOS } from '#shared/rules/horario';
import { checkDia, DEFAULT_HORARIO, formatDia, parseClock, summarizeHorario } from '#shared/rules/horario-texto';

export type DiaModo = 'cerrado' | 'turnos' | '24h';
/** What <input type="time"> holds: "09:00", or "" while not chosen. */
export interface TurnoForm {
  desde: string;
  hasta: string;
}
export interface DiaForm {
  modo: DiaModo;
  /** One or two shifts; kept while the day is closed so switching back restores them. */
  turnos: TurnoForm[];
  /** A stored text the form cannot show as shifts (written before hours were structured), shown as a hint. */
  anterior?: string;
}
export type HorarioForm = Record<Dia, DiaForm>;

const toInput = (minutes: number) => {
  const [h, m] = formatClock(minutes).split(':') as [string, string];
  return `${h.padStart(2, '0')}:${m}`;
};
const blankTurno = (): TurnoForm => ({ desde: '', hasta: '' });

export function emptyHorarioForm(): HorarioForm {
  return Object.fromEntries(DIAS.map((d) => [d, { modo: 'cerrado', turnos: [blankTurno()] }])) as HorarioForm;
}

/** A stored day ("9:00 - 13:00, 17:00 - 21:00", "Cerrado", "24 horas") → the day's controls. */
export function diaFormFrom(text: string | undefined, dia: Dia): DiaForm {
  const check = checkDia(text, dia);
  if (!check.ok) return { modo: 'turnos', turnos: [blankTurno()], anterior: text?.trim() };
  if (check.dia.kind === 'closed') return { modo: 'cerrado', turnos: [blankTurno()] };
  if (check.dia.kind === 'always') return { modo: '24h', turnos: [blankTurno()] };
  return { modo: 'turnos', turnos: check.dia.turnos.map((t) => ({ desde: toInput(t.start), hasta: toInput(t.end) })) };
}

export function horarioFormFrom(detallado: Partial<Record<Dia, string>>): HorarioForm {
  return Object.fromEntries(DIAS.map((d) => [d, diaFormFrom(detallado[d], d)])) as HorarioForm;
}

/** The day's controls → its canonical stored text (only meaningful once horarioProblem() finds nothing). */
export function diaText(dia: DiaForm): string {
  if (dia.modo === 'cerrado') return CLOSED_TEXT;
  if (dia.modo === '24h') return ALWAYS_TEXT;
  const turnos = dia.turnos
    .slice(0, MAX_TURNOS)
    .map((t) => ({ start: parseClock(t.desde) ?? -1, end: parseClock(t.hasta) ?? -1 }));
  if (turnos.some((t) => t.start < 0 || t.end < 0)) return dia.turnos.map((t) => `${t.desde} - ${t.hasta}`).join(', ');
  return formatDia({ kind: 'turnos', turnos });
}

export function horarioTexts(form: HorarioForm): Record<Dia, string> {
  return Object.fromEntries(DIAS.map((d) => [d, diaText(form[d])])) as Record<Dia, string>;
}

/** The first day whose shifts are incomplete or wrong, with a Spanish message, or null. */
export function horarioProblem(form: HorarioForm): { dia: Dia; message: string } | null {
  for (const dia of DIAS) {
    const day = form[dia];
    if (day.modo !== 'turnos') continue;
    if (day.turnos.some((t) => parseClock(t.desde) === null || parseClock(t.hasta) === null)) {
      return { dia, message: `Elegí la hora de apertura y de cierre de cada turno del ${dia}.` };
    }
    const check = checkDia(diaText(day), dia);
    if (!check.ok) return { dia, message: check.message };
  }
  return null;
}

/** The summary field as the edit form shows it: empty when it is the default or derived from the days. */
export function editableSummary(horario: string, detallado: Partial<Record<Dia, string>>): string {
  return horario === DEFAULT_HORARIO || horario === summarizeHorario(detallado) ? '' : horario;
}

/** A day worth copying: open all day, or open with every shift's times chosen and valid. */
function copiable(day: DiaForm, dia: Dia): boolean {
  if (day.modo === '24h') return true;
  if (day.modo !== 'turnos' || day.anterior) return false;
  if (day.turnos.some((t) => parseClock(t.desde) === null || parseClock(t.hasta) === null)) return false;
  return checkDia(diaText(day), dia).ok;
}

/** The day the copy shortcuts copy from: the first one (from Monday) that is open and complete, or null. */
export function copySource(form: HorarioForm): Dia | null {
  return DIAS.find((d) => copiable(form[d], d)) ?? null;
}

/** Where a copy goes: every day of the week, or Monday to Friday (Saturday and Sunday untouched). */
export type CopyScope = 'todos' | 'lunes-a-viernes';

/**
 * The form with `from`'s hours on every day of `scope` (the shifts copied, not shared). A day copied over open all
 * day keeps its own shifts for when it is switched back, as choosing "Abierto las 24 horas" by hand does.
 */
export function copyHorario(form: HorarioForm, from: Dia, scope: CopyScope): HorarioForm {
  const source = form[from];
  const targets = scope === 'todos' ? DIAS : DIAS.slice(0, 5);
  return Object.fromEntries(
    DIAS.map((d) => {
      if (d === from || !targets.includes(d)) return [d, form[d]];
      const turnos = source.modo === 'turnos' ? source.turnos.map((t) => ({ ...t })) : form[d].turnos;
      return [d, { modo: source.modo, turnos }];
    }),
  ) as HorarioForm;
}
