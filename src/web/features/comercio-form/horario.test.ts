import { describe, expect, it } from 'vitest';
import { comercioInputSchema } from '#shared/schemas/comercio';
import { emptyFormValues, formValuesFrom, toComercioInput, validateRegistro } from './formValues';
import { diaFormFrom, diaText, editableSummary, emptyHorarioForm, horarioProblem, type HorarioForm } from './horario';
import { detalleOf } from '#web/test/harness';

const base = () => ({
  ...emptyFormValues(),
  nombre: 'La Espiga',
  categorias: ['Panadería'],
  telefono: '261 412-3456',
  direccion: 'San Martín 1234',
  localidad: 'Godoy Cruz' as const,
});
const withDays = (days: Partial<HorarioForm>) => ({ ...emptyHorarioForm(), ...days });

describe('per-day hours in the form', () => {
  it('turns time inputs into the canonical stored text', () => {
    expect(diaText({ modo: 'cerrado', turnos: [{ desde: '09:00', hasta: '13:00' }] })).toBe('Cerrado');
    expect(diaText({ modo: '24h', turnos: [] })).toBe('24 horas');
    expect(
      diaText({
        modo: 'turnos',
        turnos: [
          { desde: '09:00', hasta: '13:00' },
          { desde: '17:00', hasta: '21:00' },
        ],
      }),
    ).toBe('9:00 - 13:00, 17:00 - 21:00');
    expect(diaText({ modo: 'turnos', turnos: [{ desde: '20:00', hasta: '02:00' }] })).toBe('20:00 - 2:00');
  });

  it('reads stored days back into the inputs, and keeps what it cannot read as a hint', () => {
    expect(diaFormFrom('9:00 - 13:00, 17:00 - 21:00', 'Lunes')).toEqual({
      modo: 'turnos',
      turnos: [
        { desde: '09:00', hasta: '13:00' },
        { desde: '17:00', hasta: '21:00' },
      ],
    });
    expect(diaFormFrom('Cerrado', 'Lunes').modo).toBe('cerrado');
    expect(diaFormFrom('24 horas', 'Lunes').modo).toBe('24h');
    expect(diaFormFrom('de 8 a 20', 'Lunes')).toMatchObject({ modo: 'turnos', anterior: 'de 8 a 20' });
  });

  it('asks for both times of every shift, then for shifts that make sense, naming the day', () => {
    expect(horarioProblem(emptyHorarioForm())).toBeNull();
    expect(horarioProblem(withDays({ Martes: { modo: 'turnos', turnos: [{ desde: '09:00', hasta: '' }] } }))).toEqual({
      dia: 'Martes',
      message: 'Elegí la hora de apertura y de cierre de cada turno del Martes.',
    });
    expect(
      horarioProblem(withDays({ Lunes: { modo: 'turnos', turnos: [{ desde: '09:00', hasta: '09:00' }] } }))?.message,
    ).toBe('En el Lunes, un turno no puede abrir y cerrar a la misma hora.');
    const problem = validateRegistro({
      ...base(),
      horarioDetallado: withDays({ Lunes: { modo: 'turnos', turnos: [{ desde: '', hasta: '' }] } }),
    });
    expect(problem).toEqual({
      field: 'horarioDetallado',
      message: 'Elegí la hora de apertura y de cierre de cada turno del Lunes.',
    });
  });

  it('sends hours the server derives the summary from when the owner leaves it empty', () => {
    const v = {
      ...base(),
      horarioDetallado: withDays({
        Lunes: { modo: 'turnos', turnos: [{ desde: '09:00', hasta: '13:00' }] },
        Martes: { modo: 'turnos', turnos: [{ desde: '09:00', hasta: '13:00' }] },
      }),
    };
    const parsed = comercioInputSchema.parse(toComercioInput(v));
    expect(parsed.horario).toBe('Lun y Mar 9:00 - 13:00');
    expect(parsed.horarioDetallado.Miércoles).toBe('Cerrado');
  });

  it('shows an empty summary on edit when it was the default or derived, so it follows the days', () => {
    const days = {
      Lunes: '9:00 - 13:00',
      Martes: 'Cerrado',
      Miércoles: 'Cerrado',
      Jueves: 'Cerrado',
      Viernes: 'Cerrado',
      Sábado: 'Cerrado',
      Domingo: 'Cerrado',
    };
    expect(editableSummary('Lun 9:00 - 13:00', days)).toBe('');
    expect(editableSummary('Consultar horarios', days)).toBe('');
    expect(editableSummary('Lunes a la mañana', days)).toBe('Lunes a la mañana');
    expect(formValuesFrom(detalleOf(1, 'Uno', { horario: 'Lun a Vie 9:00 - 18:00' })).horario).toBe('');
  });
});
