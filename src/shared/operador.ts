import { z } from 'zod';
import { emptyOrVisible, hasVisibleChars, safeText } from './schemas/text';

/** What the console sends and receives (/api/operador/*). Only operators ever reach these routes. */

/** A reason an operator gives for an action that affects someone: required, shown to the owner when hiding. */
export const motivoSchema = safeText({ error: 'Escribí el motivo.' })
  .trim()
  .min(3, 'Escribí el motivo (al menos 3 caracteres).')
  .max(300, 'El motivo puede tener hasta 300 caracteres.')
  .refine(hasVisibleChars, 'Escribí el motivo.');

export const promoteOperatorSchema = z.object({
  email: z.string({ error: 'Escribí el email de la cuenta.' }).trim().pipe(z.email('Email inválido')),
  motivo: safeText()
    .trim()
    .max(300, 'El motivo puede tener hasta 300 caracteres.')
    .refine(emptyOrVisible, 'El motivo no es válido.')
    .optional(),
});
export type PromoteOperatorBody = z.infer<typeof promoteOperatorSchema>;

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').default(1),
});

export interface OperatorMe {
  id: string;
  email: string;
  name: string;
}

export interface AuditRow {
  id: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface Paged<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** How many rows a console list shows per page. */
export const OPERADOR_PAGE_SIZE = 50;
