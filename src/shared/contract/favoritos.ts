import type { ComercioCard, PromocionCard } from '#shared/api';
import { favoritoParams, favoritosQuery, favoritosUnirBody, type FavoritoRef } from '#shared/schemas/favoritos';
import { endpoint } from './endpoint';
import type { Items } from './shapes';

/** What a device saved, fetched by ids in one request; only what is published now comes back. */
export interface FavoritosAnswer {
  comercios: ComercioCard[];
  promociones: PromocionCard[];
}

/** A favourite kept on the account, with its target's current name (shown if it stops being published). */
export interface FavoritoGuardado extends FavoritoRef {
  nombre: string;
}

export const favoritos = {
  list: endpoint<FavoritosAnswer>()({ method: 'GET', path: '/api/favoritos', query: favoritosQuery }),
  /** The signed-in person's favourites, oldest first. */
  mine: endpoint<Items<FavoritoGuardado>>()({ method: 'GET', path: '/api/mis-favoritos', auth: true }),
  /** Saves one (again is fine); only what the public may see now can be saved. */
  add: endpoint<null>()({
    method: 'PUT',
    path: '/api/mis-favoritos/:kind/:id',
    auth: true,
    params: favoritoParams,
  }),
  /** Removes one of mine (one that is not there is fine too). */
  remove: endpoint<null>()({
    method: 'DELETE',
    path: '/api/mis-favoritos/:kind/:id',
    auth: true,
    params: favoritoParams,
  }),
  /** Once after login: the device's list joined to the account's, in one transaction; answers the union. */
  merge: endpoint<Items<FavoritoGuardado>>()({
    method: 'POST',
    path: '/api/mis-favoritos/unir',
    auth: true,
    body: favoritosUnirBody,
  }),
};
