import { z } from 'zod';
import type { Comercio, ComercioDetalle, ComercioEditable, ComercioMapa, ComercioPage, Promocion } from '#shared/api';
import { comercioInputSchema } from '#shared/schemas/comercio';
import { promocionesInputSchema } from '#shared/schemas/promocion';
import { comercioListQuery, comercioMapaQuery, idParam } from '#shared/schemas/queries';
import { sugerenciasQuery } from '#shared/schemas/sugerencias';
import type { SugerenciasAnswer } from '#shared/sugerencias';
import { endpoint } from './endpoint';
import type { Items } from './shapes';

/** An edit may carry the promotion list, saved in the same transaction as the business (business issues first). */
const comercioUpdateBody = z.intersection(
  comercioInputSchema,
  z.object({
    promociones: promocionesInputSchema.optional(),
    /** The `revision` the edit form opened with; without it the save applies to whatever is stored. */
    revision: z.string().max(64).optional(),
  }),
);
const promocionesBody = z.object({ promociones: promocionesInputSchema });

/** The public directory and everything an owner does to their businesses. */
export const comercios = {
  /** The public grid: published businesses matching the filters, 12 per page. */
  list: endpoint<ComercioPage>()({ method: 'GET', path: '/api/comercios', query: comercioListQuery }),
  /** The results map: id, name, category and pin of every matching published business with a pin, capped. */
  mapa: endpoint<ComercioMapa>()({ method: 'GET', path: '/api/comercios/mapa', query: comercioMapaQuery }),
  /** Suggestions as you type (ADR 046): businesses, categories and promotion words for two letters or more. */
  sugerencias: endpoint<SugerenciasAnswer>()({ method: 'GET', path: '/api/sugerencias', query: sugerenciasQuery }),
  /** Categories of published businesses (the chip row). */
  categorias: endpoint<Items<string>>()({ method: 'GET', path: '/api/comercios/categorias' }),
  /** One business; its owner also sees it unpublished (a preview without promotions). */
  detail: endpoint<ComercioDetalle>()({ method: 'GET', path: '/api/comercios/:id', params: idParam }),
  /**
   * The link-preview image of a published business (1200×630 JPEG, ADR 022). `v` is the content version from
   * ogImagePath (src/shared/seo/og.ts): with the current one the answer is immutable, without it short-lived.
   */
  og: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/comercios/:id/og.jpg',
    params: idParam,
    query: z.object({ v: z.string().max(64).optional() }),
  }),
  /** The owner's businesses, payment fields included. */
  mine: endpoint<Items<Comercio>>()({ method: 'GET', path: '/api/mis-comercios', auth: true }),
  create: endpoint<Comercio>()({ method: 'POST', path: '/api/comercios', auth: true, body: comercioInputSchema }),
  /** The edit form's data: the business with every one of its promotions. */
  editable: endpoint<ComercioEditable>()({
    method: 'GET',
    path: '/api/comercios/:id/editar',
    auth: true,
    params: idParam,
  }),
  update: endpoint<ComercioEditable>()({
    method: 'PUT',
    path: '/api/comercios/:id',
    auth: true,
    params: idParam,
    body: comercioUpdateBody,
  }),
  savePromociones: endpoint<Items<Promocion>>()({
    method: 'PUT',
    path: '/api/comercios/:id/promociones',
    auth: true,
    params: idParam,
    body: promocionesBody,
  }),
  /** 204, no body. */
  remove: endpoint<null>()({ method: 'DELETE', path: '/api/comercios/:id', auth: true, params: idParam }),
};
