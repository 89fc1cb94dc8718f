import { CLOSED_TEXT, DIA_CORTO, DIAS, type Dia } from '#shared/constants';
import { ALWAYS_TEXT, CLOCK, formatClock, readDia, readWeek, type DiaHorario } from './horario';

/**
 * Writing and checking per-day hours (ADR 006): the owner's form and the server. Reading them, what a business
 * page needs, is horario.ts (ADR 023).
 */

/** The summary ("horario") of a business whose owner gave none. */
export const DEFAULT_HORARIO = 'Consultar horarios';

/** "09:05" or "9:05" → 545; anything else → null. */
export function parseClock(text: string): number | null {
  const m = new RegExp(`^${CLOCK}$`).exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function formatDia(dia: DiaHorario): string {
  if (dia.kind === 'closed') return CLOSED_TEXT;
  if (dia.kind === 'always') return ALWAYS_TEXT;
  return dia.turnos.map((t) => `${formatClock(t.start)} - ${formatClock(t.end)}`).join(', ');
}

export type DiaCheck = { ok: true; dia: DiaHorario } | { ok: false; message: string };

/** readDia with the owner's message when the text is not valid. */
export function checkDia(text: string | null | undefined, dia: Dia): DiaCheck {
  const read = readDia(text);
  if (read.ok) return read;
  switch (read.error) {
    case 'formato':
      return {
        ok: false,
        message: `El horario del ${dia} no es válido: elegí «${CLOSED_TEXT}», «${ALWAYS_TEXT}» o uno o dos turnos (por ejemplo, 9:00 - 13:00, 17:00 - 21:00).`,
      };
    case 'turnos':
      return { ok: false, message: `El ${dia} admite uno o dos turnos.` };
    case 'mismo-horario':
      return { ok: false, message: `En el ${dia}, un turno no puede abrir y cerrar a la misma hora.` };
    case 'orden':
      return {
        ok: false,
        message: `En el ${dia}, el segundo turno tiene que empezar después de que termine el primero.`,
      };
  }
}

function joinEs(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

/** Day indexes (sorted) → "Lun a Vie", "Sáb y Dom", "Lun, Mié y Vie", "Lun a Mié y Sáb", "Todos los días". */
function daysLabel(indexes: number[]): string {
  if (indexes.length === 7) return 'Todos los días';
  const runs: number[][] = [];
  for (const i of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === i - 1) run.push(i);
    else runs.push([i]);
  }
  const parts = runs.flatMap((run) =>
    run.length >= 3
      ? [`${DIA_CORTO[DIAS[run[0]!]!]} a ${DIA_CORTO[DIAS[run.at(-1)!]!]}`]
      : run.map((i) => DIA_CORTO[DIAS[i]!]),
  );
  return joinEs(parts);
}

function hoursLabel(dia: DiaHorario): string {
  if (dia.kind === 'always') return 'las 24 horas';
  return dia.kind === 'turnos'
    ? dia.turnos.map((t) => `${formatClock(t.start)} - ${formatClock(t.end)}`).join(' y ')
    : '';
}

/**
 * The summary ("horario") an owner would write, derived from known per-day hours:
 * "Lun a Sáb 7:00 - 13:30 y 17:00 - 21:00, Dom 8:00 - 13:00". Null when the hours are not known.
 */
export function summarizeHorario(detallado: Partial<Record<Dia, string>> | null | undefined): string | null {
  const week = readWeek(detallado);
  if (!week) return null;
  if (DIAS.every((d) => week[d].kind === 'always')) return 'Abierto las 24 horas';
  const groups = new Map<string, { dia: DiaHorario; indexes: number[] }>();
  DIAS.forEach((d, i) => {
    const dia = week[d];
    if (dia.kind === 'closed') return;
    const key = formatDia(dia);
    const group = groups.get(key) ?? { dia, indexes: [] };
    group.indexes.push(i);
    groups.set(key, group);
  });
  return [...groups.values()].map((g) => `${daysLabel(g.indexes)} ${hoursLabel(g.dia)}`).join(', ');
}
