import { z } from 'zod';
import { pathId } from './queries';

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

/** How many favourites one account may keep on the server (far above a person's use; bounds a merge's work). */
export const FAVORITOS_POR_CUENTA = 500;
export const FAVORITOS_LLENO = `Podés guardar hasta ${FAVORITOS_POR_CUENTA} favoritos. Quitá alguno para guardar otro.`;

export const FAVORITO_KINDS = ['comercio', 'promocion'] as const;
const kind = z.enum(FAVORITO_KINDS, { error: 'El favorito debe ser un comercio o una promoción.' });
const validId = (n: z.ZodNumber) =>
  n.int('Identificador inválido.').positive('Identificador inválido.').max(2_147_483_647, 'Identificador inválido.');

/** One favourite in a path: /api/mis-favoritos/comercio/12. */
export const favoritoParams = z.object({ kind, id: pathId(validId(z.number({ error: 'Identificador inválido.' }))) });
export type FavoritoRef = z.output<typeof favoritoParams>;

/** What a device sends once after login: its own list, to be joined to the account's. */
export const favoritosUnirBody = z.object({
  items: z
    .array(z.object({ kind, id: validId(z.number({ error: 'Identificador inválido.' })) }), {
      error: 'Faltan los favoritos a unir.',
    })
    .max(FAVORITOS_POR_CUENTA, FAVORITOS_LLENO),
});
