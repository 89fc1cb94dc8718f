import { z } from 'zod';
import { safeText } from '#shared/schemas/text';
import { endpoint } from './endpoint';
import type { Items } from './shapes';

/** A place the geocoder found for an owner's address, always inside Greater Mendoza. */
export interface LugarEncontrado {
  lat: number;
  lng: number;
  /** The geocoder's own description ("Colón 345, Godoy Cruz, Mendoza, …"), for the owner to choose. */
  nombre: string;
}

export const geocoderQuery = z.object({
  q: safeText({ error: 'Escribí una dirección para buscar.' })
    .trim()
    .min(3, 'Escribí una dirección para buscar.')
    .max(200, 'La dirección puede tener hasta 200 caracteres.'),
});

/** ADR 019: the owner's address → pins, through the server (GEOCODER_URL). 404 when no geocoder is configured. */
export const geocoder = {
  search: endpoint<Items<LugarEncontrado>>()({
    method: 'GET',
    path: '/api/geocoder',
    auth: true,
    query: geocoderQuery,
  }),
};
