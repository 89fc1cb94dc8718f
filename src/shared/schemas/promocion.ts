import { z } from 'zod';
import { DIAS } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { isValidDateString } from '#shared/rules/dates-owner';
import { MEDIOS_PAGO } from '#shared/rules/promocion-dias';
import { imageIdSchema } from './comercio';
import { emptyOrVisible, hasVisibleChars, safeText } from './text';

export const PROMO_MISSING_DATA = 'Faltan datos obligatorios en esta promoción.';

/** Pesos, whole and positive; the cap keeps a typo of extra zeros out. */
const MAX_MONTO = 100_000_000;
const monto = (label: string) =>
  z
    .number({ error: `${label} debe ser un monto en pesos.` })
    .positive(`${label} debe ser un monto positivo.`)
    .max(MAX_MONTO, `${label} puede ser como máximo $ 100.000.000.`)
    // Not `.int()`: it also refuses numbers past 2^53 as "with cents", so a long row of nines got two messages,
    // the first of them wrong.
    .refine(Number.isInteger, `${label} debe ser un monto en pesos, sin centavos.`)
    .nullable()
    .default(null);

/**
 * The discount is free text ("2x1", "-30%", "3 cuotas 0% interés"), shown as written; only a percentage past 100
 * cannot be a discount, and is almost always a slipped key ("150%" for "15%").
 */
export function porcentajesPosibles(descuento: string): boolean {
  return [...descuento.matchAll(/(\d+(?:[.,]\d+)?)\s*%/g)].every((m) => Number(m[1]!.replace(',', '.')) <= 100);
}

/** "0%", "$ 0", "-0 %": a discount of nothing. "0% de interés en 3 cuotas" says more, and is a promotion. */
export function soloCero(descuento: string): boolean {
  return /^[\s$-]*0+(?:[.,]0+)?\s*%?\s*$/.test(descuento);
}

const sinRepetir = <T>(list: T[]) => [...new Set(list)];

/**
 * A promotion as the edit form saves it. Incomplete ones never reach the server (spec §5, edit rules).
 * `id` names a stored promotion to update in place (ADR 013); absent or null for a new one. The server only
 * honours ids of the business being saved.
 */
export const promocionInputSchema = z
  .object({
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
      .refine(hasVisibleChars, PROMO_MISSING_DATA)
      .refine(porcentajesPosibles, 'Revisá el descuento: un porcentaje no puede ser de más del 100 %.')
      .refine((d) => !soloCero(d), 'Revisá el descuento: un descuento de cero no es una promoción.'),
    fechaVencimiento: safeText({ error: PROMO_MISSING_DATA })
      .min(1, PROMO_MISSING_DATA)
      .refine(isValidDateString, 'La fecha de vencimiento no es válida.')
      .refine((d) => d >= '2000-01-01' && d <= '2100-12-31', 'La fecha de vencimiento no es válida.'),
    imagen: imageIdSchema.nullable().default(null),
    imagen2: imageIdSchema.nullable().default(null),
    activa: z.boolean({ error: 'El estado de la promoción (activa) debe ser verdadero o falso.' }).default(true),
    /** None chosen: every day. */
    dias: z
      .array(z.enum(DIAS, { error: 'Día inválido. Elegí entre lunes y domingo.' }))
      .max(DIAS.length * 2, 'Hay demasiados días.')
      .default([])
      .transform(sinRepetir),
    desde: z
      .union([z.literal(''), safeText().refine(isValidDateString, 'La fecha de inicio no es válida.'), z.null()], {
        error: 'La fecha de inicio no es válida.',
      })
      .default(null)
      .transform((d) => d || null)
      .refine((d) => d === null || (d >= '2000-01-01' && d <= '2100-12-31'), 'La fecha de inicio no es válida.'),
    mediosPago: z
      .array(
        z.enum(MEDIOS_PAGO, {
          error: 'Medio de pago inválido. Debe ser efectivo, débito, crédito, transferencia, Mercado Pago o MODO.',
        }),
      )
      .max(MEDIOS_PAGO.length * 2, 'Hay demasiados medios de pago.')
      .default([])
      .transform(sinRepetir),
    medioPagoOtro: safeText({ error: 'El banco o la tarjeta debe ser un texto.' })
      .trim()
      .max(
        LIMITS.promoMedioPagoOtro,
        `El banco o la tarjeta puede tener hasta ${LIMITS.promoMedioPagoOtro} caracteres.`,
      )
      .refine(emptyOrVisible, 'El texto no puede tener solo caracteres invisibles.')
      .default(''),
    tope: monto('El tope'),
    compraMinima: monto('La compra mínima'),
    condiciones: safeText(undefined, { multiline: true })
      .trim()
      .max(LIMITS.promoCondiciones, `Las condiciones pueden tener hasta ${LIMITS.promoCondiciones} caracteres.`)
      .refine(emptyOrVisible, 'El texto no puede tener solo caracteres invisibles.')
      .default(''),
  })
  .refine((p) => p.desde === null || p.desde <= p.fechaVencimiento, {
    path: ['desde'],
    message: 'La fecha de inicio no puede ser posterior a la de vencimiento.',
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
