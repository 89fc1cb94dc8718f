import { z } from 'zod';
import { SUGERENCIAS_MAX_CHARS, SUGERENCIAS_MIN_CHARS, type Sugerencia } from '#shared/sugerencias';
import { safeText } from './text';

/** GET /api/sugerencias?q=: the typed text, two to SUGERENCIAS_MAX_CHARS characters once trimmed. */
export const sugerenciasQuery = z.object({
  q: safeText({ error: 'Escribí qué buscás.' })
    .trim()
    .min(SUGERENCIAS_MIN_CHARS, `Escribí al menos ${SUGERENCIAS_MIN_CHARS} letras para ver sugerencias.`)
    .max(SUGERENCIAS_MAX_CHARS, `Las sugerencias buscan hasta ${SUGERENCIAS_MAX_CHARS} caracteres.`)
    // Line breaks and tabs become spaces, as in the search (the folded columns join their fields with line breaks).
    .transform((v) => v.replace(/\s+/g, ' ')),
});

/** The answer, as the API tests check it (the browser trusts the server's answers, ADR 031). */
export const sugerenciasAnswer = z.object({
  items: z.array(
    z.discriminatedUnion('tipo', [
      z.object({ tipo: z.literal('comercio'), id: z.number().int(), nombre: z.string(), categoria: z.string() }),
      z.object({ tipo: z.literal('categoria'), nombre: z.string() }),
      z.object({ tipo: z.literal('palabra'), texto: z.string() }),
    ]) satisfies z.ZodType<Sugerencia>,
  ),
});
