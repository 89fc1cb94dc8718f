import { CLOSED_TEXT, DEFAULT_HORARIO, DIAS, type Dia } from '../../../shared/constants';
import { inputClass, TextField } from './Fields';
import { fieldId } from './formValues';

interface HorarioFieldsProps {
  horario: string;
  detallado: Record<Dia, string>;
  onHorario(value: string): void;
  onDia(dia: Dia, value: string): void;
  error?: string | null;
}

/** Main hours (blank → "Consultar horarios") and one line per day (blank → "Cerrado"), spec §5. */
export function HorarioFields({ horario, detallado, onHorario, onDia, error }: HorarioFieldsProps) {
  return (
    <>
      <TextField
        id={fieldId('horario')}
        label="Horario de atención"
        value={horario}
        onChange={(e) => onHorario(e.target.value)}
        placeholder="Ej.: Lun a Sáb de 9 a 20 h"
        hint={`Si lo dejás vacío, se muestra «${DEFAULT_HORARIO}».`}
        error={error}
        maxLength={120}
      />
      <div role="group" aria-labelledby="cf-horario-detallado-title">
        <p id="cf-horario-detallado-title" className="text-sm font-semibold text-ink-900">
          Horario por día
        </p>
        <p className="mb-2 mt-0.5 text-xs text-ink-600">Los días que dejes vacíos se guardan como «{CLOSED_TEXT}».</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {DIAS.map((dia, i) => (
            <div key={dia} className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-2">
              <label htmlFor={i === 0 ? fieldId('horarioDetallado') : `cf-dia-${dia}`} className="text-sm font-medium text-ink-700">
                {dia}
              </label>
              <input
                id={i === 0 ? fieldId('horarioDetallado') : `cf-dia-${dia}`}
                value={detallado[dia]}
                onChange={(e) => onDia(dia, e.target.value)}
                placeholder={CLOSED_TEXT}
                maxLength={80}
                className={`${inputClass} py-2`}
              />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
