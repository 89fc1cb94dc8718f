import type { Page, PromocionCard } from '#shared/api';
import { featuredPromocionQuery, promocionListQuery } from '#shared/schemas/queries';
import { endpoint } from './endpoint';
import type { Items } from './shapes';

export const promociones = {
  /** Visible promotions, soonest expiry first, 8 per page. */
  list: endpoint<Page<PromocionCard>>()({ method: 'GET', path: '/api/promociones', query: promocionListQuery }),
  /** The home page's strip; it follows the grid's category and locality. */
  destacadas: endpoint<Items<PromocionCard>>()({
    method: 'GET',
    path: '/api/promociones/destacadas',
    query: featuredPromocionQuery,
  }),
  categorias: endpoint<Items<string>>()({ method: 'GET', path: '/api/promociones/categorias' }),
};
