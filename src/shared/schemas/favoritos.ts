import { z } from 'zod';

/** At most this many of each kind in one request (a device's list rarely gets near it). */
export const FAVORITOS_MAX = 100;

const MENSAJE = `Los favoritos deben ser hasta ${FAVORITOS_MAX} identificadores separados por comas.`;

/** "3,8,12" → [3, 8, 12] (repeated ones once); empty or absent → []. */
const ids = z
  .string({ error: MENSAJE })
  .regex(/^\d{1,10}(,\d{1,10})*$/, MENSAJE)
  .optional()
  .transform((v) => [...new Set((v ?? '').split(',').filter(Boolean).map(Number))])
  .refine((list) => list.length <= FAVORITOS_MAX && list.every((n) => n >= 1 && n <= 2_147_483_647), MENSAJE);

export const favoritosQuery = z.object({ comercios: ids, promociones: ids });
export type FavoritosQuery = z.infer<typeof favoritosQuery>;
