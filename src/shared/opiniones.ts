import { z } from 'zod';
import { emptyOrVisible, hasVisibleChars, safeText } from './schemas/text';

/** Visitors' opinions on a business (issue 29, ADR 027). */
export const OPINION_TEXTO_MIN = 10;
export const OPINION_TEXTO_MAX = 1000;
export const RESPUESTA_MAX = 1000;
/** Opinions per page on the business page ("Ver más" brings the next ones). */
export const OPINIONES_PAGE_SIZE = 5;

export const opinionSchema = z.object({
  estrellas: z
    .number({ error: 'Elegí de 1 a 5 estrellas.' })
    .int('Elegí de 1 a 5 estrellas.')
    .min(1, 'Elegí de 1 a 5 estrellas.')
    .max(5, 'Elegí de 1 a 5 estrellas.'),
  texto: safeText({ error: 'Escribí tu opinión.' }, { multiline: true })
    .trim()
    .min(OPINION_TEXTO_MIN, `Tu opinión debe tener al menos ${OPINION_TEXTO_MIN} caracteres.`)
    .max(OPINION_TEXTO_MAX, `Tu opinión puede tener hasta ${OPINION_TEXTO_MAX} caracteres.`)
    .refine(hasVisibleChars, 'Escribí tu opinión.'),
});
export type OpinionValues = z.output<typeof opinionSchema>;

export const respuestaSchema = z.object({
  respuesta: safeText({ error: 'Escribí tu respuesta.' }, { multiline: true })
    .trim()
    .min(1, 'Escribí tu respuesta.')
    .max(RESPUESTA_MAX, `La respuesta puede tener hasta ${RESPUESTA_MAX} caracteres.`)
    .refine(emptyOrVisible, 'Escribí tu respuesta.'),
});

/** One opinion as the business page shows it. */
export interface Opinion {
  id: number;
  estrellas: number;
  texto: string;
  /** The author's display name. */
  autor: string;
  /** First written (ISO); the list is newest first by it. */
  createdAt: string;
  updatedAt: string;
  /** "Respuesta del comercio", or null. */
  respuesta: string | null;
  respuestaAt: string | null;
}

/** An opinion as its business's owner sees it on Mis comercios (hidden ones too, with the reason). */
export interface OpinionRecibida extends Opinion {
  ocultoMotivo: string | null;
}

/** The business page's "Opiniones" section as the server renders it: the bars and the first page. */
export interface OpinionesResumen {
  /** How many visible opinions gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribucion: [number, number, number, number, number];
  items: Opinion[];
  hasMore: boolean;
}

export const OPINION_VERIFICAR_EMAIL = 'Confirmá tu email para opinar. Te enviamos un enlace.';
export const OPINION_PROPIA = 'No podés opinar sobre tu propio comercio.';
export const OPINIONES_DEMASIADAS = 'Escribiste muchas opiniones seguidas. Esperá un rato y volvé a intentar.';
export const OPINION_NO_ENCONTRADA = 'No encontramos esta opinión.';
