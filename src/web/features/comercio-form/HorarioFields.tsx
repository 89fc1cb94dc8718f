import { Copy, Plus, X } from '#web/components/icons';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { DIAS, type Dia } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { MAX_TURNOS } from '#shared/rules/horario';
import { DEFAULT_HORARIO, parseClock } from '#shared/rules/horario-texto';
import { errorId, FieldError, inputClass, TextField } from '#web/components/form/Fields';
import { fieldId, type ComercioFormValues } from './formValues';
import { copyHorario, copySource, type CopyScope, type DiaForm, type DiaModo, type TurnoForm } from './horario';

const MODOS: Array<{ value: DiaModo; label: string }> = [
  { value: 'cerrado', label: 'Cerrado' },
  { value: 'turnos', label: 'Abierto' },
  { value: '24h', label: 'Abierto las 24 horas' },
];

const blank = (t: TurnoForm) => !t.desde && !t.hasta;
const smallButton =
  'inline-flex min-h-10 items-center gap-1 rounded-lg px-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * The summary (blank → derived from the days, or "Consultar horarios") and, per day, closed, open all day,
 * or one or two shifts picked with time inputs (spec §5: a day left closed is stored as "Cerrado").
 * Fields `horario` and `horarioDetallado` of the business form (the days are one controlled value).
 */
export function HorarioFields() {
  const { register, control, clearErrors, formState } = useFormContext<ComercioFormValues>();
  const { field } = useController({ control, name: 'horarioDetallado' });
  const detallado = field.value;
  const error = formState.errors.horarioDetallado?.message;
  const summaryError = formState.errors.horario?.message;
  const source = copySource(detallado);
  const [copied, setCopied] = useState('');

  const onDia = (dia: Dia, value: DiaForm) => {
    field.onChange({ ...detallado, [dia]: value });
    clearErrors('horarioDetallado');
    setCopied('');
  };
  function setModo(i: number, modo: DiaModo) {
    const dia = DIAS[i]!;
    const current = detallado[dia];
    // Opening a day with no shifts yet starts from the previous open day's: most weeks repeat.
    const previous = DIAS.slice(0, i)
      .reverse()
      .map((d) => detallado[d])
      .find((d) => d.modo === 'turnos' && !d.turnos.some(blank));
    const turnos =
      modo === 'turnos' && current.turnos.every(blank) && previous
        ? previous.turnos.map((t) => ({ ...t }))
        : current.turnos;
    onDia(dia, { modo, turnos });
  }
  function copy(from: Dia, scope: CopyScope) {
    field.onChange(copyHorario(detallado, from, scope));
    clearErrors('horarioDetallado');
    const days = scope === 'todos' ? 'todos los días' : 'de lunes a viernes';
    setCopied(`Listo: ${days}, el mismo horario que el ${from.toLowerCase()}.`);
  }
  const setTurno = (dia: Dia, index: number, patch: Partial<TurnoForm>) =>
    onDia(dia, {
      ...detallado[dia],
      anterior: undefined,
      turnos: detallado[dia].turnos.map((t, j) => (j === index ? { ...t, ...patch } : t)),
    });

  return (
    <>
      <TextField
        id={fieldId('horario')}
        label="Horario de atención"
        {...register('horario', { onChange: () => clearErrors('horario') })}
        placeholder="Ej.: Lun a Sáb de 9 a 20 h"
        hint={`Si lo dejás vacío, lo armamos con el horario por día (o se muestra «${DEFAULT_HORARIO}» si no lo cargás).`}
        error={summaryError}
        maxLength={LIMITS.horario}
      />
      <div
        role="group"
        aria-labelledby="cf-horario-detallado-title"
        aria-describedby={error ? errorId(fieldId('horarioDetallado')) : undefined}
      >
        <p id="cf-horario-detallado-title" className="text-sm font-semibold text-ink-900">
          Horario por día
        </p>
        <p className="mb-2 mt-0.5 text-xs text-ink-600">
          Con el horario por día mostramos si estás abierto ahora. Un turno que cierra después de medianoche (20:00 a
          02:00) sigue al día siguiente.
        </p>
        <ul className="divide-y divide-sand-200 rounded-xl ring-1 ring-sand-200">
          {DIAS.map((dia, i) => {
            const day = detallado[dia];
            const selectId = i === 0 ? fieldId('horarioDetallado') : `cf-dia-${dia}`;
            return (
              <li key={dia} className="px-3 py-2.5" data-dia={dia}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <label htmlFor={selectId} className="w-24 text-sm font-semibold text-ink-800">
                    {dia}
                  </label>
                  <select
                    id={selectId}
                    value={day.modo}
                    onChange={(e) => setModo(i, e.target.value as DiaModo)}
                    className={`${inputClass} w-auto min-w-0 flex-1 py-2 sm:max-w-56`}
                  >
                    {MODOS.map((m) => (
                      <option key={m.value} value={m.value}>
                        {m.label}
                      </option>
                    ))}
                  </select>
                </div>
                {day.modo === 'turnos' && (
                  <div className="mt-2 space-y-2 sm:pl-27">
                    {day.anterior && (
                      <p className="text-xs text-ink-600">Antes decía «{day.anterior}»: elegí los horarios.</p>
                    )}
                    {day.turnos.slice(0, MAX_TURNOS).map((t, j) => {
                      const start = parseClock(t.desde);
                      const end = parseClock(t.hasta);
                      const overnight = start !== null && end !== null && end < start;
                      return (
                        <div key={j} className="flex flex-wrap items-center gap-2">
                          <input
                            type="time"
                            aria-label={`${dia}, turno ${j + 1}, abre`}
                            value={t.desde}
                            onChange={(e) => setTurno(dia, j, { desde: e.target.value })}
                            className={`${inputClass} w-28 px-2.5 py-2`}
                          />
                          <span className="text-sm text-ink-600">a</span>
                          <input
                            type="time"
                            aria-label={`${dia}, turno ${j + 1}, cierra`}
                            value={t.hasta}
                            onChange={(e) => setTurno(dia, j, { hasta: e.target.value })}
                            className={`${inputClass} w-28 px-2.5 py-2`}
                          />
                          {overnight && <span className="text-xs text-ink-600">(del día siguiente)</span>}
                          {j > 0 && (
                            <button
                              type="button"
                              className={smallButton}
                              onClick={() => onDia(dia, { ...day, turnos: day.turnos.filter((_, k) => k !== j) })}
                            >
                              <X className="size-4" aria-hidden="true" />
                              Quitar turno
                              <span className="sr-only">
                                {' '}
                                {j + 1} del {dia}
                              </span>
                            </button>
                          )}
                        </div>
                      );
                    })}
                    {day.turnos.length < MAX_TURNOS && (
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => onDia(dia, { ...day, turnos: [...day.turnos, { desde: '', hasta: '' }] })}
                      >
                        <Plus className="size-4" aria-hidden="true" />
                        Agregar turno<span className="sr-only"> al {dia}</span>
                      </button>
                    )}
                  </div>
                )}
                {dia === source && (
                  <div className="mt-2 flex flex-wrap gap-x-1 sm:pl-27">
                    <button type="button" className={smallButton} onClick={() => copy(dia, 'todos')}>
                      <Copy className="size-4" aria-hidden="true" />
                      Copiar a todos los días<span className="sr-only"> (el horario del {dia.toLowerCase()})</span>
                    </button>
                    <button type="button" className={smallButton} onClick={() => copy(dia, 'lunes-a-viernes')}>
                      <Copy className="size-4" aria-hidden="true" />
                      Igual de lunes a viernes<span className="sr-only"> (el horario del {dia.toLowerCase()})</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <p role="status" className="mt-1 text-xs text-ink-600">
          {copied}
        </p>
        <FieldError id={fieldId('horarioDetallado')} error={error} />
      </div>
    </>
  );
}
