import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { isValidDateString } from '#shared/rules/dates';
import { imageIdSchema } from './comercio';
import { emptyOrVisible, hasVisibleChars, safeText } from './text';

export const PROMO_MISSING_DATA = 'Faltan datos obligatorios en esta promoción.';

/**
 * A promotion as the edit form saves it. Incomplete ones never reach the server (spec §5, edit rules).
 * `id` names a stored promotion to update in place (ADR 013); absent or null for a new one. The server only
 * honours ids of the business being saved.
 */
export const promocionInputSchema = z.object({
  id: z
    .number({ error: 'La promoción no tiene un identificador válido.' })
    .int('La promoción no tiene un identificador válido.')
    .positive('La promoción no tiene un identificador válido.')
    .nullish(),
  titulo: safeText({ error: PROMO_MISSING_DATA })
    .trim()
    .min(1, PROMO_MISSING_DATA)
    .max(LIMITS.promoTitulo, `El título puede tener hasta ${LIMITS.promoTitulo} caracteres.`)
    .refine(hasVisibleChars, PROMO_MISSING_DATA),
  descripcion: safeText(undefined, { multiline: true })
    .trim()
    .max(LIMITS.promoDescripcion, `La descripción puede tener hasta ${LIMITS.promoDescripcion} caracteres.`)
    .refine(emptyOrVisible, 'El texto no puede tener solo caracteres invisibles.')
    .default(''),
  descuento: safeText({ error: PROMO_MISSING_DATA })
    .trim()
    .min(1, PROMO_MISSING_DATA)
    .max(LIMITS.promoDescuento, `El descuento puede tener hasta ${LIMITS.promoDescuento} caracteres.`)
    .refine(hasVisibleChars, PROMO_MISSING_DATA),
  fechaVencimiento: safeText({ error: PROMO_MISSING_DATA })
    .min(1, PROMO_MISSING_DATA)
    .refine(isValidDateString, 'La fecha de vencimiento no es válida.')
    .refine((d) => d >= '2000-01-01' && d <= '2100-12-31', 'La fecha de vencimiento no es válida.'),
  imagen: imageIdSchema.nullable().default(null),
  imagen2: imageIdSchema.nullable().default(null),
  activa: z.boolean({ error: 'El estado de la promoción (activa) debe ser verdadero o falso.' }).default(true),
});

export const PROMO_REPEATED = 'Una promoción aparece dos veces en la lista. Recargá la página y volvé a intentar.';

export const promocionesInputSchema = z
  .array(promocionInputSchema)
  .max(LIMITS.promociones, `Un comercio puede tener hasta ${LIMITS.promociones} promociones.`)
  .refine((list) => {
    const ids = list.flatMap((p) => (p.id ? [p.id] : []));
    return new Set(ids).size === ids.length;
  }, PROMO_REPEATED);

export type PromocionInput = z.input<typeof promocionInputSchema>;
export type PromocionValues = z.output<typeof promocionInputSchema>;

/** Spec §5: a promotion lacking title, discount or expiry is dropped on save (description is only warned about). */
export function isPromocionComplete(p: { titulo?: string; descuento?: string; fechaVencimiento?: string }): boolean {
  return Boolean(p.titulo?.trim() && p.descuento?.trim() && p.fechaVencimiento?.trim());
}

/** Spec §5: the in-form warning shows when any of the four main fields is missing. */
export function promocionNeedsWarning(p: {
  titulo?: string;
  descripcion?: string;
  descuento?: string;
  fechaVencimiento?: string;
}): boolean {
  return !(p.titulo?.trim() && p.descripcion?.trim() && p.descuento?.trim() && p.fechaVencimiento?.trim());
}
