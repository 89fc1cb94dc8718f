import { eventoSchema, type Estadisticas } from '#shared/estadisticas';
import { idParam } from '#shared/schemas/queries';
import { endpoint } from './endpoint';

/** How many people saw and contacted a business (ADR 017). */
export const estadisticas = {
  /** A tap on the detail page (WhatsApp, call, Cómo llegar, share): counted in memory; 204, no body. */
  evento: endpoint<null>()({
    method: 'POST',
    path: '/api/comercios/:id/eventos',
    params: idParam,
    body: eventoSchema,
  }),
  /** The owner's statistics of one business: the last 30 days and the totals since publication. */
  deComercio: endpoint<Estadisticas>()({
    method: 'GET',
    path: '/api/comercios/:id/estadisticas',
    auth: true,
    params: idParam,
  }),
};
