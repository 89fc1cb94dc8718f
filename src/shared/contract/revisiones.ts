import { revisionSchema, type Revision } from '#shared/revisiones';
import { idParam } from '#shared/schemas/queries';
import { endpoint } from './endpoint';

/** "Pedir revisión" (issue 33): the owner of a business hidden by moderation asks the operators to look again. */
export const revisiones = {
  /** The latest request about the current hiding (null when none, or the business is not hidden). */
  latest: endpoint<{ revision: Revision | null }>()({
    method: 'GET',
    path: '/api/comercios/:id/revision',
    auth: true,
    params: idParam,
  }),
  /** Answers 201; 409 when the business is not hidden by moderation or a request is already pending. */
  create: endpoint<Revision>()({
    method: 'POST',
    path: '/api/comercios/:id/revision',
    auth: true,
    params: idParam,
    body: revisionSchema,
  }),
};
