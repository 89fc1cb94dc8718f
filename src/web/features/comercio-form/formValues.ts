import type { Comercio } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { LOCALIDADES, type Localidad } from '#shared/constants';
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

/** What the business form edits: plain strings for the inputs, image ids for the pictures. */
export interface ComercioFormValues {
  nombre: string;
  categorias: string[];
  descripcion: string;
  /** Empty: derived from the days when they are known, else "Consultar horarios". */
  horario: string;
  horarioDetallado: HorarioForm;
  direccion: string;
  localidad: Localidad | '';
  telefono: string;
  whatsapp: string;
  email: string;
  /** Comma-separated, as typed. */
  servicios: string;
  imagen: string | null;
  /** Always two slots (main picture + 2 more, spec §9). */
  galeria: [string | null, string | null];
}

export type FieldName =
  | 'nombre'
  | 'categorias'
  | 'telefono'
  | 'direccion'
  | 'localidad'
  | 'descripcion'
  | 'horario'
  | 'horarioDetallado'
  | 'email'
  | 'whatsapp'
  | 'servicios'
  | 'imagen'
  | 'galeria';

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
  };
}

/** A stored business → the edit form's values. */
export function formValuesFrom(c: Comercio): ComercioFormValues {
  return {
    nombre: c.nombre,
    categorias: splitCategorias(c.categoria),
    descripcion: c.descripcion,
    horario: editableSummary(c.horario, c.horarioDetallado),
    horarioDetallado: horarioFormFrom(c.horarioDetallado),
    direccion: c.direccion,
    localidad: (LOCALIDADES as readonly string[]).includes(c.localidad) ? c.localidad : 'Capital',
    telefono: c.telefono,
    whatsapp: c.whatsapp,
    email: c.email,
    servicios: c.servicios.join(', '),
    imagen: c.imagen,
    galeria: [c.galeria[0] ?? null, c.galeria[1] ?? null],
  };
}

/** The request body of POST/PUT /api/comercios (the server applies the same schema again). */
export function toComercioInput(v: ComercioFormValues): ComercioInput {
  return {
    nombre: v.nombre,
    categorias: v.categorias,
    descripcion: v.descripcion,
    horario: v.horario,
    horarioDetallado: horarioTexts(v.horarioDetallado),
    direccion: v.direccion,
    localidad: v.localidad,
    telefono: v.telefono,
    whatsapp: v.whatsapp,
    email: v.email,
    servicios: normalizeServicios(v.servicios),
    imagen: v.imagen,
    galeria: v.galeria.filter((id): id is string => Boolean(id)),
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
  const field = (issue.path[0] as FieldName | undefined) ?? 'nombre';
  return { field, message: issue.message };
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
    const field = (issue.path[0] as FieldName | undefined) ?? 'nombre';
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
