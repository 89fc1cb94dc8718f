import { z } from 'zod';
import type { Comercio } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { LOCALIDADES, type Localidad } from '#shared/constants';
import type { LatLng } from '#shared/rules/geo';
import {
  COMERCIO_MESSAGES,
  comercioInputSchema,
  normalizeServicios,
  type ComercioInput,
} from '#shared/schemas/comercio';
import {
  editableSummary,
  emptyHorarioForm,
  horarioFormFrom,
  horarioProblem,
  horarioTexts,
  type HorarioForm,
} from './horario';
import type { PromoDraft } from './promociones';

/** Fields the form edits exactly as the request sends them. */
type AsSent = 'nombre' | 'categorias' | 'descripcion' | 'horario' | 'direccion' | 'telefono' | 'whatsapp' | 'email';

/**
 * What the business form edits: the request's fields where an input holds them as they are, and the shapes
 * the controls need for the rest (a select that starts empty, the hours as pickers, services as typed, two
 * gallery slots). The edit form adds its promotions (empty on register).
 */
export type ComercioFormValues = Required<Pick<ComercioInput, AsSent | 'imagen'>> & {
  localidad: Localidad | '';
  /** Empty summary: derived from the days when they are known, else "Consultar horarios". */
  horarioDetallado: HorarioForm;
  /** Comma-separated, as typed. */
  servicios: string;
  /** Always two slots (main picture + 2 more, spec §9). */
  galeria: [string | null, string | null];
  /** The map pin; null until the owner places it (optional). */
  ubicacion: LatLng | null;
  promociones: PromoDraft[];
};

/** A field of the business itself (what the spec's alerts name). */
export type FieldName = Exclude<keyof ComercioFormValues, 'promociones'>;

export interface FieldProblem {
  field: FieldName;
  message: string;
}

/** The id of each field's input: focus goes there when it is the first invalid one. */
export function fieldId(field: FieldName): string {
  return field === 'categorias' ? 'cf-categorias-filtro' : `cf-${field}`;
}

export function emptyFormValues(): ComercioFormValues {
  return {
    nombre: '',
    categorias: [],
    descripcion: '',
    horario: '',
    horarioDetallado: emptyHorarioForm(),
    direccion: '',
    localidad: '',
    telefono: '',
    whatsapp: '',
    email: '',
    servicios: '',
    imagen: null,
    galeria: [null, null],
    ubicacion: null,
    promociones: [],
  };
}

/** A stored business → the edit form's values (its promotions are added by the edit view). */
export function formValuesFrom(c: Comercio): ComercioFormValues {
  const { nombre, descripcion, direccion, telefono, email, imagen } = c;
  return {
    ...{ nombre, descripcion, direccion, telefono, email, imagen },
    // The phone copied when the WhatsApp was left empty shows as empty again ("Si lo dejás vacío, usamos el
    // teléfono"), so a form never refuses a WhatsApp its owner did not type.
    whatsapp: c.whatsapp === c.telefono ? '' : c.whatsapp,
    categorias: splitCategorias(c.categoria),
    horario: editableSummary(c.horario, c.horarioDetallado),
    horarioDetallado: horarioFormFrom(c.horarioDetallado),
    localidad: (LOCALIDADES as readonly string[]).includes(c.localidad) ? c.localidad : 'Capital',
    servicios: c.servicios.join(', '),
    galeria: [c.galeria[0] ?? null, c.galeria[1] ?? null],
    ubicacion: c.lat !== null && c.lng !== null ? { lat: c.lat, lng: c.lng } : null,
    promociones: [],
  };
}

/** The request body of POST/PUT /api/comercios, promotions apart (the server applies the same schema again). */
export function toComercioInput({
  promociones: _promociones,
  horarioDetallado,
  servicios,
  galeria,
  ubicacion,
  ...asSent
}: ComercioFormValues): ComercioInput {
  return {
    ...asSent,
    lat: ubicacion?.lat ?? null,
    lng: ubicacion?.lng ?? null,
    horarioDetallado: horarioTexts(horarioDetallado),
    servicios: normalizeServicios(servicios),
    galeria: galeria.filter((id): id is string => Boolean(id)),
  };
}

const REQUIRED_ORDER = ['nombre', 'categorias', 'telefono', 'direccion', 'localidad'] as const;

function isMissing(v: ComercioFormValues, field: (typeof REQUIRED_ORDER)[number]): boolean {
  if (field === 'categorias') return v.categorias.length === 0;
  return !v[field].trim();
}

/** Anything else the shared schema rejects (hours, lengths, phone characters, email), first issue first. */
function schemaProblem(v: ComercioFormValues): FieldProblem | null {
  const horas = horarioProblem(v.horarioDetallado);
  if (horas) return { field: 'horarioDetallado', message: horas.message };
  const result = comercioInputSchema.safeParse(toComercioInput(v));
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  return { field: fieldOf(issue.path[0]), message: issue.message };
}

/** The form field a schema issue belongs to (the request's lat/lng are the form's one pin). */
function fieldOf(key: PropertyKey | undefined): FieldName {
  if (key === 'lat' || key === 'lng') return 'ubicacion';
  return (key as FieldName | undefined) ?? 'nombre';
}

/** Spec §5, register: the first missing field, with its own message, in the spec's order. */
export function validateRegistro(v: ComercioFormValues): FieldProblem | null {
  for (const field of REQUIRED_ORDER) {
    if (isMissing(v, field))
      return { field, message: field === 'localidad' ? COMERCIO_MESSAGES.localidadMissing : COMERCIO_MESSAGES[field] };
  }
  return schemaProblem(v);
}

/** Spec §5, edit: name, category, phone and address share one message. */
export function validateEditar(v: ComercioFormValues): FieldProblem | null {
  for (const field of REQUIRED_ORDER) {
    if (field !== 'localidad' && isMissing(v, field)) return { field, message: COMERCIO_MESSAGES.editRequired };
  }
  if (isMissing(v, 'localidad')) return { field: 'localidad', message: COMERCIO_MESSAGES.localidadMissing };
  return schemaProblem(v);
}

/** Every field the shared schema rejects, once each, first issue per field. */
function schemaProblems(v: ComercioFormValues): FieldProblem[] {
  const result = comercioInputSchema.safeParse(toComercioInput(v));
  if (result.success) return [];
  const byField = new Map<FieldName, string>();
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/**
 * Every invalid field at once, so the owner fixes them in one pass (issue 9). The first is the one the spec's
 * alert names (validateRegistro / validateEditar); the rest are marked inline.
 */
export function allProblems(mode: 'registro' | 'editar', v: ComercioFormValues): FieldProblem[] {
  const first = mode === 'registro' ? validateRegistro(v) : validateEditar(v);
  if (!first) return [];
  const problems = new Map<FieldName, string>([[first.field, first.message]]);
  for (const field of REQUIRED_ORDER) {
    if (!isMissing(v, field) || problems.has(field)) continue;
    const message =
      field === 'localidad'
        ? COMERCIO_MESSAGES.localidadMissing
        : mode === 'registro'
          ? COMERCIO_MESSAGES[field]
          : COMERCIO_MESSAGES.editRequired;
    problems.set(field, message);
  }
  for (const p of schemaProblems(v)) if (!problems.has(p.field)) problems.set(p.field, p.message);
  return [...problems].map(([field, message]) => ({ field, message }));
}

/**
 * The form's schema for react-hook-form's zodResolver: the shared `comercioInputSchema` (through allProblems) plus
 * the spec's required-field order and messages, one issue per invalid field, the alert's first.
 */
export function comercioFormSchema(mode: 'registro' | 'editar') {
  return z.custom<ComercioFormValues>().superRefine((values, ctx) => {
    for (const p of allProblems(mode, values)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
}
