import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { OTRA_CATEGORIA } from '#shared/categorias';
import type { LatLng } from '#shared/rules/geo';
import { contract } from '#shared/contract';
import { api } from '#web/lib/api';
import { useLogError } from '#web/lib/hooks';
import { categoriasQuery, nextPage } from '#web/lib/queries';
import type { ListaFilters } from '#web/lib/routes';

/** The filters the business grid reads (home's "Hoy" toggle changes only the promotions strip). */
const gridFilters = ({ q, categoria, localidad, orden, abierto }: ListaFilters) => ({
  q,
  categoria,
  localidad,
  orden,
  ...(abierto ? { abierto } : {}),
});

export const comercioKeys = {
  list: (filters: ListaFilters, near?: LatLng) => ['comercios', 'list', gridFilters(filters), near ?? null] as const,
  fallback: (filters: ListaFilters) => ['comercios', 'fallback', gridFilters(filters)] as const,
  mapa: (filters: ListaFilters, near?: LatLng) => ['comercios', 'mapa', gridFilters(filters), near ?? null] as const,
  categorias: ['comercios', 'categorias'] as const,
  detalle: (id: number) => ['comercios', 'detalle', id] as const,
};

/** The grid's filters (and the visitor's position) as the list and map endpoints read them. */
function filterQuery(filters: ListaFilters, near?: LatLng) {
  return {
    q: filters.q.trim(),
    categoria: filters.categoria,
    localidad: filters.localidad,
    abierto: filters.abierto || undefined,
    lat: near?.lat,
    lng: near?.lng,
  };
}

/** Every public read of businesses, once: hooks, prefetches and tests use these options, never their own fetch. */
export const comercioQueries = {
  /** Pages of the public grid (12 each), matched by the server; nearest first when the visitor's position is given. */
  list: (filters: ListaFilters, near?: LatLng) =>
    infiniteQueryOptions({
      queryKey: comercioKeys.list(filters, near),
      queryFn: ({ pageParam, signal }) =>
        api(contract.comercios.list, {
          query: { ...filterQuery(filters, near), orden: filters.orden, page: pageParam },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      placeholderData: keepPreviousData,
    }),
  /** Every result of these filters with a pin (capped by the server), for the map view. */
  mapa: (filters: ListaFilters, near?: LatLng) =>
    queryOptions({
      queryKey: comercioKeys.mapa(filters, near),
      queryFn: ({ signal }) =>
        api(contract.comercios.mapa, {
          query: filterQuery(filters, near),
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  categorias: () =>
    categoriasQuery(comercioKeys.categorias, (signal) => api(contract.comercios.categorias, { signal })),
  detail: (id: number) =>
    queryOptions({
      queryKey: comercioKeys.detalle(id),
      queryFn: ({ signal }) => api(contract.comercios.detail, { params: { id }, signal }),
    }),
};

export function useComercioPages(filters: ListaFilters, near?: LatLng) {
  return useInfiniteQuery(comercioQueries.list(filters, near));
}

/** Categories of published businesses for the chip row; spec §8: on failure, just "Otro". */
export function useComercioCategorias(): { items: string[]; loading: boolean } {
  const query = useQuery(comercioQueries.categorias());
  useLogError(query.error, 'las categorías de comercios');
  if (query.isError) return { items: [OTRA_CATEGORIA], loading: false };
  return { items: query.data?.items ?? [], loading: query.isPending };
}

export function useComercioDetalle(id: number) {
  return useQuery(comercioQueries.detail(id));
}
