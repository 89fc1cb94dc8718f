import { denunciaSchema } from '#shared/denuncias';
import { endpoint } from './endpoint';

/** "Denunciar" (ADR 018): anyone, no account; limited per address. Answers 201. */
export const denuncias = {
  create: endpoint<{ id: number; mensaje: string }>()({ method: 'POST', path: '/api/denuncias', body: denunciaSchema }),
};
