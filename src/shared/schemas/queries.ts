import { z } from 'zod';
import { CATEGORIA_MAX_LENGTH, LOCALIDADES } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { isInsideMendoza, roundCoord, type LatLng } from '#shared/rules/geo';
import { DIA_PARAMS } from '#shared/rules/dias-url';
import { MEDIOS_PAGO } from '#shared/rules/promocion-dias';
import { foldAccents } from '#shared/text';
import { controlCharsAsSpaces, safeText } from './text';

/**
 * A number from a URL, read as a person writes it. `Number()` alone also reads "0x10", " 16" and "1e1", so one
 * business answered under many addresses (`/api/comercios/0x10`); such text becomes NaN and fails the number's
 * own rules. `plain` also lets "1.5" and "-1" through, so their messages can say what is wrong with them.
 */
function urlNumber(schema: z.ZodNumber, plain: boolean) {
  const written = plain ? /^-?\d{1,15}(\.\d{1,15})?$/ : /^\d{1,15}$/;
  return z.preprocess((v) => (typeof v !== 'string' ? v : written.test(v) ? Number(v) : Number.NaN), schema);
}

const page = urlNumber(
  z
    .number({
      // A repeated parameter (`?page=1&page=2`) arrives as a list.
      error: (issue) => (Array.isArray(issue.input) ? 'Indicá una sola página.' : 'La página debe ser un número.'),
    })
    .int('La página debe ser un número entero.')
    .min(1, 'La página debe ser 1 o mayor.')
    .max(10_000, 'La página puede ser como máximo 10000.'),
  true,
).default(1);
const optionalText = (max: number) =>
  safeText({ error: 'El filtro debe ser un texto.' })
    .trim()
    .max(max, `El texto puede tener hasta ${max} caracteres.`)
    .optional()
    .transform((v) => (v ? v : undefined));

const OUTSIDE_MENDOZA = 'Tu ubicación está fuera del Gran Mendoza: no podemos ordenar por cercanía.';
const coordinate = z.coerce
  .number({ error: 'La ubicación debe ser un número.' })
  .refine(Number.isFinite, 'La ubicación debe ser un número.')
  .transform(roundCoord)
  .optional();

/**
 * "Abierto ahora" (ADR 045): "1" (or "true", as the web client writes a boolean) keeps only the businesses open
 * now in Mendoza; absent, every business. The server's clock decides.
 */
const abierto = z
  .enum(['1', 'true'], { error: 'El filtro abierto solo puede valer 1.' })
  .optional()
  .transform((v) => (v === undefined ? undefined : true))
  .optional();

const comercioFilters = z.object({
  // Control characters (a tab pasted into the box, found in a stranger's round) and line breaks become spaces,
  // as the route parser reads a URL (src/web/lib/routes.ts): the search columns join their fields with line
  // breaks, so a query can never match across two fields.
  q: z
    .preprocess((v) => (typeof v === 'string' ? controlCharsAsSpaces(v) : v), optionalText(LIMITS.search))
    .transform((v) => v?.replace(/\s+/g, ' ')),
  categoria: optionalText(CATEGORIA_MAX_LENGTH),
  localidad: z
    .enum(LOCALIDADES, { error: 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.' })
    .optional(),
  abierto,
  page,
});

/**
 * The grid's filters, and "Cerca mío": the visitor's lat and lng together (inside Greater Mendoza), rounded
 * to about 100 m so the answer does not pinpoint anyone and one URL serves a whole block.
 */
const nearPair = (v: { lat?: number; lng?: number }, ctx: z.RefinementCtx) => {
  if ((v.lat === undefined) !== (v.lng === undefined))
    ctx.addIssue({ code: 'custom', message: 'Para ordenar por cercanía hacen falta lat y lng.', path: ['lat'] });
  else if (v.lat !== undefined && v.lng !== undefined && !isInsideMendoza({ lat: v.lat, lng: v.lng }))
    ctx.addIssue({ code: 'custom', message: OUTSIDE_MENDOZA, path: ['lat'] });
};

/** Lista's sort: the default (featured, then by name) or "Mejor valorados" (issue 29). */
export const ORDEN_VALORADOS = 'valorados';
const orden = z.enum([ORDEN_VALORADOS], { error: 'Orden inválido.' }).optional();

export const comercioListQuery = comercioFilters
  .extend({ lat: coordinate, lng: coordinate, orden })
  .superRefine(nearPair);
export type ComercioListQuery = z.output<typeof comercioListQuery>;

/** The results map: the grid's filters (and "Cerca mío") without paging; the map shows them all, capped. */
export const comercioMapaQuery = comercioFilters
  .omit({ page: true })
  .extend({ lat: coordinate, lng: coordinate })
  .superRefine(nearPair);
export type ComercioMapaQuery = z.output<typeof comercioMapaQuery>;

/** The visitor's position when both coordinates came (the schema refuses one without the other). */
export function nearOf(query: { lat?: number; lng?: number }): LatLng | undefined {
  return query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
}

/** "1" (or "true", as the web client writes a boolean): only promotions that apply today in Mendoza. */
const hoy = z
  .enum(['1', 'true'], { error: 'El filtro hoy solo puede valer 1.' })
  .optional()
  .transform((v) => v !== undefined);

/** Promociones' "Medio de pago": only promotions that name it among their means of payment. */
const pago = z
  .enum(MEDIOS_PAGO, {
    error: 'Medio de pago inválido. Debe ser efectivo, debito, credito, transferencia, mercado-pago o modo.',
  })
  .optional();

/** Promociones' "Día": only promotions that apply on that weekday ("miércoles" with its accent is read too). */
const dia = z.preprocess(
  (v) => (typeof v === 'string' ? foldAccents(v) : v),
  z
    .enum(DIA_PARAMS, {
      error: 'Día inválido. Debe ser lunes, martes, miercoles, jueves, viernes, sabado o domingo.',
    })
    .optional(),
);

/**
 * Promociones' "Banco o tarjeta": only promotions whose bank/card text holds each word ("nacion", "visa
 * santander"), accents and case ignored (ADR 047).
 */
const banco = optionalText(LIMITS.promoMedioPagoOtro)
  .transform((v) => v?.replace(/\s+/g, ' '))
  .optional();

export const promocionListQuery = z
  .object({
    categoria: optionalText(CATEGORIA_MAX_LENGTH),
    localidad: z
      .enum(LOCALIDADES, { error: 'Localidad inválida. Debe ser Godoy Cruz, Capital o Guaymallen.' })
      .optional(),
    hoy,
    pago,
    banco,
    dia,
    page,
    /** "Cerca mío": promotions ordered by their business's distance from the visitor. */
    lat: coordinate,
    lng: coordinate,
  })
  .superRefine(nearPair);
export type PromocionListQuery = z.output<typeof promocionListQuery>;

/** A row id in a path: digits only, so each business has one address. */
export const pathId = (schema: z.ZodNumber) => urlNumber(schema, false);

export const idParam = z.object({
  id: pathId(
    z
      .number({ error: 'Identificador inválido.' })
      .int('Identificador inválido.')
      .positive('Identificador inválido.')
      .max(2_147_483_647, 'Identificador inválido.'),
  ),
});

/** The home page's featured strip follows the grid's category and locality filters, and home's "Hoy" toggle. */
export const featuredPromocionQuery = comercioFilters.pick({ categoria: true, localidad: true }).extend({ hoy });
export type FeaturedPromocionQuery = z.infer<typeof featuredPromocionQuery>;
