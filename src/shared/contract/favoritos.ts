import type { ComercioCard, PromocionCard } from '#shared/api';
import { favoritosQuery } from '#shared/schemas/favoritos';
import { endpoint } from './endpoint';

/** What a device saved, fetched by ids in one request; only what is published now comes back. */
export interface FavoritosAnswer {
  comercios: ComercioCard[];
  promociones: PromocionCard[];
}

export const favoritos = {
  list: endpoint<FavoritosAnswer>()({ method: 'GET', path: '/api/favoritos', query: favoritosQuery }),
};
