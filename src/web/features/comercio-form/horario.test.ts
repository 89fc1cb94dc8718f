import { describe, expect, it } from 'vitest';
import { comercioInputSchema } from '#shared/schemas/comercio';
import { emptyFormValues, formValuesFrom, toComercioInput, validateEditar, validateRegistro } from './formValues';
import {
  copyHorario,
  copySource,
  diaFormFrom,
  diaText,
  editableSummary,
  emptyHorarioForm,
  horarioProblem,
  horarioTexts,
  type HorarioForm,
} from './horario';
import { detalleOf } from '#test/web/harness';

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

describe('copying one day to the others', () => {
  const partido = {
    modo: 'turnos' as const,
    turnos: [
      { desde: '09:00', hasta: '13:00' },
      { desde: '17:00', hasta: '21:00' },
    ],
  };

  it('copies from the first day that is open and complete; none while no day is', () => {
    expect(copySource(emptyHorarioForm())).toBeNull();
    // An open day with a time still missing, or with a stored text the form cannot read, is not a source.
    const incomplete = withDays({
      Lunes: { modo: 'turnos', turnos: [{ desde: '09:00', hasta: '' }] },
      Martes: { modo: 'turnos', turnos: [{ desde: '', hasta: '' }], anterior: 'de mañana' },
    });
    expect(copySource(incomplete)).toBeNull();
    // Overlapping shifts are not a source either.
    const overlap = { modo: 'turnos' as const, turnos: [partido.turnos[0]!, { desde: '12:00', hasta: '14:00' }] };
    expect(copySource(withDays({ Lunes: overlap }))).toBeNull();
    expect(copySource(withDays({ Miércoles: partido, Jueves: { modo: '24h', turnos: [] } }))).toBe('Miércoles');
    expect(copySource(withDays({ Martes: { modo: '24h', turnos: [] }, Jueves: partido }))).toBe('Martes');
  });

  it('"Copiar a todos los días" gives every day the same hours', () => {
    const form = withDays({ Lunes: partido, Sábado: { modo: '24h', turnos: [] } });
    const copied = copyHorario(form, 'Lunes', 'todos');
    expect(Object.values(horarioTexts(copied))).toEqual(Array(7).fill('9:00 - 13:00, 17:00 - 21:00'));
    expect(horarioProblem(copied)).toBeNull();
    // The shifts are copies: editing Tuesday later does not move Monday.
    expect(copied.Martes.turnos).not.toBe(copied.Lunes.turnos);
    expect(copied.Martes.turnos[0]).not.toBe(copied.Lunes.turnos[0]);
    expect(form.Martes.modo).toBe('cerrado');
  });

  it('"Igual de lunes a viernes" leaves Saturday and Sunday as they were', () => {
    const form = withDays({
      Lunes: partido,
      Jueves: { modo: '24h', turnos: [] },
      Sábado: { modo: 'turnos', turnos: [{ desde: '10:00', hasta: '14:00' }] },
    });
    expect(horarioTexts(copyHorario(form, 'Lunes', 'lunes-a-viernes'))).toEqual({
      Lunes: '9:00 - 13:00, 17:00 - 21:00',
      Martes: '9:00 - 13:00, 17:00 - 21:00',
      Miércoles: '9:00 - 13:00, 17:00 - 21:00',
      Jueves: '9:00 - 13:00, 17:00 - 21:00',
      Viernes: '9:00 - 13:00, 17:00 - 21:00',
      Sábado: '10:00 - 14:00',
      Domingo: 'Cerrado',
    });
  });

  it('copies open all day, keeping each day its own shifts for when it is switched back; drops old texts', () => {
    const form = withDays({
      Martes: { modo: '24h', turnos: [] },
      Miércoles: { modo: 'turnos', turnos: [{ desde: '08:00', hasta: '12:00' }], anterior: 'de mañana' },
    });
    const copied = copyHorario(form, 'Martes', 'todos');
    expect(Object.values(horarioTexts(copied))).toEqual(Array(7).fill('24 horas'));
    expect(copied.Miércoles).toEqual({ modo: '24h', turnos: [{ desde: '08:00', hasta: '12:00' }] });
  });
});

describe('the edit form of a stored business', () => {
  it('shows a WhatsApp copied from the phone as empty, so the form never refuses a number its owner did not type', () => {
    const copied = formValuesFrom(detalleOf(1, 'Uno', { telefono: '420-1234', whatsapp: '420-1234' }));
    expect(copied.whatsapp).toBe('');
    expect(validateEditar(copied)).toBeNull();
    expect(formValuesFrom(detalleOf(1, 'Uno', { telefono: '420-1234', whatsapp: '261 555-1234' })).whatsapp).toBe(
      '261 555-1234',
    );
  });
});
