import { z } from 'zod';
import { emptyOrVisible, safeText } from './schemas/text';

/** A visitor's report ("Denunciar") on a business or one of its promotions; no account needed. */
export const MOTIVOS_DENUNCIA = ['informacion_falsa', 'contenido_ofensivo', 'comercio_cerrado', 'otro'] as const;
export type MotivoDenuncia = (typeof MOTIVOS_DENUNCIA)[number];
export const MOTIVO_DENUNCIA_LABEL: Record<MotivoDenuncia, string> = {
  informacion_falsa: 'Información falsa',
  contenido_ofensivo: 'Contenido ofensivo',
  comercio_cerrado: 'Comercio cerrado',
  otro: 'Otro',
};
export const DETALLE_DENUNCIA_MAX = 500;

export const denunciaSchema = z.object({
  comercioId: z.number({ error: 'Comercio inválido.' }).int('Comercio inválido.').positive('Comercio inválido.'),
  promocionId: z
    .number({ error: 'Promoción inválida.' })
    .int('Promoción inválida.')
    .positive('Promoción inválida.')
    .optional(),
  /** A report on one opinion of the business ("Denunciar" under it, ADR 027). */
  opinionId: z.number({ error: 'Opinión inválida.' }).int('Opinión inválida.').positive('Opinión inválida.').optional(),
  motivo: z.enum(MOTIVOS_DENUNCIA, { error: 'Elegí un motivo.' }),
  detalle: safeText({ error: 'El detalle no es válido.' }, { multiline: true })
    .trim()
    .max(DETALLE_DENUNCIA_MAX, `El detalle puede tener hasta ${DETALLE_DENUNCIA_MAX} caracteres.`)
    .refine(emptyOrVisible, 'El detalle no es válido.')
    .default(''),
});

/** The dialog's fields (the business and promotion come from the page). */
export const denunciaFormSchema = denunciaSchema.pick({ motivo: true, detalle: true });
export type DenunciaFormInput = z.input<typeof denunciaFormSchema>;
export type DenunciaFormValues = z.output<typeof denunciaFormSchema>;

export const DENUNCIA_GRACIAS = 'Gracias por avisarnos. Vamos a revisar tu denuncia.';
export const DENUNCIAS_DEMASIADAS = 'Recibimos muchas denuncias desde tu conexión. Esperá un rato y volvé a intentar.';
