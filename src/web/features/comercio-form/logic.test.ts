import { describe, expect, it } from 'vitest';
import { COMERCIO_MESSAGES, comercioInputSchema } from '#shared/schemas/comercio';
import { addCategoria, filterCategorias, removeCategoria } from './categorias';
import {
  emptyFormValues,
  toComercioInput,
  validateEditar,
  validateRegistro,
  type ComercioFormValues,
} from './formValues';
import { checkImageFile, IMAGE_TOO_BIG, IMAGE_WRONG_TYPE } from './imagenes';
import {
  changesMessage,
  emptyDraft,
  incompleteMessage,
  planPromociones,
  promocionesProblem,
  type PromoDraft,
} from './promociones';

const filled = (over: Partial<ComercioFormValues> = {}): ComercioFormValues => ({
  ...emptyFormValues(),
  nombre: 'Panadería La Espiga',
  categorias: ['Panadería'],
  telefono: '261 412-3456',
  direccion: 'San Martín 1234',
  localidad: 'Godoy Cruz',
  ...over,
});

describe('register validation (spec §5, in order)', () => {
  it('reports the first missing field with its own message', () => {
    let v = emptyFormValues();
    const seen: string[] = [];
    const fixes: Array<Partial<ComercioFormValues>> = [
      { nombre: 'La Espiga' },
      { categorias: ['Panadería'] },
      { telefono: '261 412-3456' },
      { direccion: 'San Martín 1234' },
      { localidad: 'Capital' },
    ];
    for (const fix of fixes) {
      seen.push(validateRegistro(v)!.message);
      v = { ...v, ...fix };
    }
    expect(seen).toEqual([
      'Por favor ingresa el nombre del comercio.',
      'Por favor selecciona al menos una categoría para el comercio.',
      'Por favor ingresa un número de teléfono.',
      'Por favor ingresa la dirección del comercio.',
      'Por favor selecciona una localidad.',
    ]);
    expect(validateRegistro(v)).toBeNull();
  });

  it('treats blanks as missing and reports other schema issues by field', () => {
    expect(validateRegistro(filled({ nombre: '   ' }))).toEqual({ field: 'nombre', message: COMERCIO_MESSAGES.nombre });
    expect(validateRegistro(filled({ email: 'no-es-email' }))).toEqual({ field: 'email', message: 'Email inválido' });
  });

  it('edit uses the single required-fields message', () => {
    expect(validateEditar(filled({ telefono: '' }))?.message).toBe(
      'Por favor complete todos los campos obligatorios (*)',
    );
    expect(validateEditar(filled({ categorias: [] }))?.field).toBe('categorias');
    expect(validateEditar(filled())).toBeNull();
  });
});

describe('request body', () => {
  it('normalises services, gallery, hours and WhatsApp like the server', () => {
    const input = toComercioInput(
      filled({ servicios: ' Delivery, , Tarjetas ,Delivery,', galeria: [null, 'a'.repeat(32)] }),
    );
    expect(input.servicios).toEqual(['Delivery', 'Tarjetas']);
    expect(input.galeria).toEqual(['a'.repeat(32)]);
    const parsed = comercioInputSchema.parse(input);
    expect(parsed.whatsapp).toBe('261 412-3456');
    expect(parsed.horario).toBe('Consultar horarios');
    expect(parsed.horarioDetallado.Domingo).toBe('Cerrado');
  });
});

describe('categories', () => {
  it('ignores duplicates, keeps order; removing the primary promotes the next one', () => {
    let list = addCategoria([], 'Panadería');
    list = addCategoria(list, 'Café');
    list = addCategoria(list, 'panaderia');
    expect(list).toEqual(['Panadería', 'Café']);
    expect(removeCategoria(list, 'Panadería')[0]).toBe('Café');
  });

  it('filters the 43 options ignoring case and accents', () => {
    expect(filterCategorias('')).toHaveLength(43);
    expect(filterCategorias('OPTICA')).toEqual(['Óptica']);
    expect(filterCategorias('ería')).toContain('Panadería');
  });
});

describe('images', () => {
  it('checks type and size with the spec texts', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe(IMAGE_WRONG_TYPE);
    expect(checkImageFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(IMAGE_TOO_BIG);
    expect(checkImageFile({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
  });
});

describe('promotions on save', () => {
  const draft = (over: Partial<PromoDraft>): PromoDraft => ({
    ...emptyDraft(),
    titulo: 'T',
    descuento: '10%',
    fechaVencimiento: '2099-01-01',
    ...over,
  });

  it('drops rows lacking title, discount or expiry and counts adds and removals', () => {
    const plan = planPromociones(
      [1, 2, 3],
      [
        draft({ id: 1 }),
        draft({ id: 2, descuento: ' ' }),
        draft({ id: null }),
        draft({ id: null, fechaVencimiento: '' }),
        draft({ id: null, descripcion: '' }),
      ],
    );
    expect(plan.incomplete).toBe(2);
    expect(plan.keep.map((d) => d.id)).toEqual([1, null, null]);
    expect(plan.added).toBe(2);
    expect(plan.removed).toBe(2);
  });

  it('uses the spec confirmation and our summary copy', () => {
    expect(incompleteMessage(1)).toBe(
      'Hay 1 promoción(es) con información incompleta que no se guardarán. ¿Deseas continuar?',
    );
    expect(changesMessage(2, 1)).toBe('Se agregarán 2 promociones y se eliminará 1 promoción.');
    expect(changesMessage(0, 3)).toBe('Se eliminarán 3 promociones.');
    expect(changesMessage(1, 0)).toBe('Se agregará 1 promoción.');
    expect(changesMessage(0, 0)).toBeNull();
  });

  it('stops a new promotion already expired before the summary, naming it; a stored one that expired stays', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    const stored = [{ id: 7, fechaVencimiento: '2026-11-01' }];
    expect(promocionesProblem([draft({ titulo: 'Del 2001', fechaVencimiento: '2001-01-01' })], stored, now)).toBe(
      'Revisá la promoción «Del 2001»: la fecha de vencimiento ya pasó. Elegí hoy o una fecha posterior.',
    );
    expect(promocionesProblem([draft({ id: 7, fechaVencimiento: '2026-11-01' })], stored, now)).toBeNull();
    expect(promocionesProblem([draft({ id: 7, fechaVencimiento: '2026-11-02' })], stored, now)).toMatch(/ya pasó/);
    expect(promocionesProblem([draft({ fechaVencimiento: '2026-11-22' })], stored, now)).toBeNull();
  });
});
