import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Localidad } from '#shared/constants';
import type { LatLng } from '#shared/rules/geo';
import type { DiaParam } from '#shared/rules/dias-url';
import type { MedioPago } from '#shared/rules/promocion-dias';
import { contract } from '#shared/contract';
import { api } from '#web/lib/api';
import { useLogError } from '#web/lib/hooks';
import { categoriasQuery, nextPage } from '#web/lib/queries';

/** Promociones' filters ('' or absent = all): the list's query key and its request. */
export interface PromocionFilters {
  categoria: string;
  localidad?: Localidad | '';
  hoy?: boolean;
  pago?: MedioPago;
  /** "Banco o tarjeta": words of the promotion's bank/card text. */
  banco?: string;
  dia?: DiaParam;
}

export const promocionKeys = {
  list: (filters: PromocionFilters, near?: LatLng) => ['promociones', 'list', filters, near ?? null] as const,
  categorias: ['promociones', 'categorias'] as const,
  destacadas: (filters: FeaturedFilters) =>
    ['promociones', 'destacadas', filters.categoria, filters.localidad, !!filters.hoy] as const,
};

/** The grid's filters the strip follows ('' = all), and home's "Hoy" toggle. */
export interface FeaturedFilters {
  categoria: string;
  localidad: Localidad | '';
  hoy?: boolean;
}

/** Every read of promotions, once (hooks and prefetches share them). */
export const promocionQueries = {
  /** Visible promotions, soonest expiry first (nearest business first with "Cerca mío"), 8 per page. */
  list: (filters: PromocionFilters, near?: LatLng) =>
    infiniteQueryOptions({
      queryKey: promocionKeys.list(filters, near),
      queryFn: ({ pageParam, signal }) =>
        api(contract.promociones.list, {
          query: {
            ...filters,
            hoy: filters.hoy || undefined,
            lat: near?.lat,
            lng: near?.lng,
            page: pageParam,
          },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  categorias: () =>
    categoriasQuery(promocionKeys.categorias, (signal) => api(contract.promociones.categorias, { signal })),
  destacadas: (filters: FeaturedFilters) =>
    queryOptions({
      queryKey: promocionKeys.destacadas(filters),
      queryFn: ({ signal }) =>
        api(contract.promociones.destacadas, {
          query: { categoria: filters.categoria, localidad: filters.localidad, hoy: filters.hoy || undefined },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

export function usePromocionPages(filters: PromocionFilters, near?: LatLng) {
  return useInfiniteQuery(promocionQueries.list(filters, near));
}

/** Categories of active, unexpired promotions (filter buttons); on failure only "Todas" remains. */
export function usePromocionCategorias(): { items: string[]; loading: boolean } {
  const query = useQuery(promocionQueries.categorias());
  useLogError(query.error, 'las categorías de promociones');
  return { items: query.data?.items ?? [], loading: query.isPending };
}

/**
 * The strip Promociones Destacadas: up to 6 of the businesses the grid's category and locality show. A failure
 * just hides the strip (and is logged); while other filters load, the previous strip stays (no jump).
 */
export function usePromocionesDestacadas(filters: FeaturedFilters) {
  const query = useQuery(promocionQueries.destacadas(filters));
  useLogError(query.error, 'las promociones destacadas');
  return query;
}
