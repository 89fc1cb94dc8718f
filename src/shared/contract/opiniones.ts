import { z } from 'zod';
import type { Page } from '#shared/api';
import { opinionSchema, respuestaSchema, type Opinion, type OpinionRecibida } from '#shared/opiniones';
import { idParam, pathId } from '#shared/schemas/queries';
import { endpoint } from './endpoint';
import type { Items } from './shapes';

const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int('La página debe ser un número entero.')
    .min(1, 'La página debe ser 1 o mayor.')
    .max(10_000, 'La página puede ser como máximo 10000.')
    .default(1),
});

const opinionParams = z.object({
  id: pathId(
    z
      .number({ error: 'Identificador inválido.' })
      .int('Identificador inválido.')
      .positive('Identificador inválido.')
      .max(2_147_483_647, 'Identificador inválido.'),
  ),
});

/** Opinions (issue 29, ADR 027): public reading, one opinion per account and business, the owner's answer. */
export const opiniones = {
  /** A published business's visible opinions, newest first, five per page (the page itself carries the first). */
  list: endpoint<Page<Opinion>>()({
    method: 'GET',
    path: '/api/comercios/:id/opiniones',
    params: idParam,
    query: pageQuery,
  }),
  /** The signed-in person's own opinion on the business, or null. */
  mine: endpoint<{ opinion: Opinion | null }>()({
    method: 'GET',
    path: '/api/comercios/:id/mi-opinion',
    auth: true,
    params: idParam,
  }),
  /** Writes or edits my opinion (needs a verified email; never on one's own business). */
  save: endpoint<Opinion>()({
    method: 'PUT',
    path: '/api/comercios/:id/mi-opinion',
    auth: true,
    params: idParam,
    body: opinionSchema,
  }),
  /** Deletes my opinion (one that is not there is fine too). */
  remove: endpoint<null>()({
    method: 'DELETE',
    path: '/api/comercios/:id/mi-opinion',
    auth: true,
    params: idParam,
  }),
  /** The owner's view of a business's opinions, newest first (hidden ones too, with the reason). */
  recibidas: endpoint<Items<OpinionRecibida> & { sinResponder: number }>()({
    method: 'GET',
    path: '/api/mis-comercios/:id/opiniones',
    auth: true,
    params: idParam,
  }),
  /** The owner answers an opinion on their business (once; sending again edits it). */
  responder: endpoint<OpinionRecibida>()({
    method: 'PUT',
    path: '/api/opiniones/:id/respuesta',
    auth: true,
    params: opinionParams,
    body: respuestaSchema,
  }),
};
