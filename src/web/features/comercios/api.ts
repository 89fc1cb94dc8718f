import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ComercioCard, ComercioDetalle, Page } from '#shared/api';
import { OTRA_CATEGORIA } from '#shared/categorias';
import { apiGet } from '#web/lib/api';
import { useLogError } from '#web/lib/hooks';
import type { ListaFilters } from '#web/lib/routes';

export const comercioKeys = {
  list: (filters: ListaFilters) => ['comercios', 'list', filters] as const,
  fallback: (filters: ListaFilters) => ['comercios', 'fallback', filters] as const,
  categorias: ['comercios', 'categorias'] as const,
  detalle: (id: number) => ['comercios', 'detalle', id] as const,
};

export function fetchComercioPage(
  filters: ListaFilters,
  page: number,
  signal?: AbortSignal,
): Promise<Page<ComercioCard>> {
  return apiGet<Page<ComercioCard>>(
    '/api/comercios',
    { q: filters.q.trim(), categoria: filters.categoria, localidad: filters.localidad, page },
    signal,
  );
}

/** Pages of the public grid (12 each), matched by the server. */
export function useComercioPages(filters: ListaFilters) {
  return useInfiniteQuery({
    queryKey: comercioKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchComercioPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Categories of published businesses for the chip row; spec §8: on failure, just "Otro". */
export function useComercioCategorias(): { items: string[]; loading: boolean } {
  const query = useQuery({
    queryKey: comercioKeys.categorias,
    queryFn: ({ signal }) => apiGet<{ items: string[] }>('/api/comercios/categorias', undefined, signal),
    staleTime: 5 * 60_000,
  });
  useLogError(query.error, 'las categorías de comercios');
  if (query.isError) return { items: [OTRA_CATEGORIA], loading: false };
  return { items: query.data?.items ?? [], loading: query.isPending };
}

export function useComercioDetalle(id: number) {
  return useQuery({
    queryKey: comercioKeys.detalle(id),
    queryFn: ({ signal }) => apiGet<ComercioDetalle>(`/api/comercios/${id}`, undefined, signal),
  });
}
