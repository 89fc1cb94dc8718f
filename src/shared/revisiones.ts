import { z } from 'zod';
import { hasVisibleChars, safeText } from './schemas/text';

/**
 * "Pedir revisión" (issue 33): the owner of a business hidden by moderation asks the operators to look again,
 * with a note. One open request per business; an operator shows the business again (which closes it) or rejects
 * it with a reason the owner reads on the card.
 */
export const NOTA_REVISION_MAX = 1000;
export const NOTA_REVISION_MIN = 10;

export const revisionSchema = z.object({
  nota: safeText({ error: 'Contanos por qué pedís la revisión.' }, { multiline: true })
    .trim()
    .min(NOTA_REVISION_MIN, `Contanos por qué pedís la revisión (al menos ${NOTA_REVISION_MIN} caracteres).`)
    .max(NOTA_REVISION_MAX, `La nota puede tener hasta ${NOTA_REVISION_MAX} caracteres.`)
    .refine(hasVisibleChars, 'Contanos por qué pedís la revisión.'),
});
export type RevisionInput = z.input<typeof revisionSchema>;
export type RevisionValues = z.output<typeof revisionSchema>;

/** 'pendiente' until an operator answers: 'restaurado' (the business is shown again) or 'rechazado'. */
export const ESTADOS_REVISION = ['pendiente', 'restaurado', 'rechazado'] as const;
export type EstadoRevision = (typeof ESTADOS_REVISION)[number];

/** The owner's view of their latest request while the business is hidden. */
export interface Revision {
  id: number;
  estado: EstadoRevision;
  nota: string;
  /** The operator's reason when rejected. */
  respuesta: string | null;
  createdAt: string;
  resueltaAt: string | null;
}

export const REVISION_PENDIENTE = 'Ya enviaste un pedido de revisión para este comercio. Esperá la respuesta.';
export const REVISION_NO_OCULTO = 'Este comercio no está oculto por moderación: no hace falta pedir revisión.';
export const REVISIONES_DEMASIADAS = 'Enviaste muchos pedidos de revisión. Esperá un rato y volvé a intentar.';
