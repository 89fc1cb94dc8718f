import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page, PromocionCard } from '#shared/api';
import { apiGet } from '#web/lib/api';
import { useLogError } from '#web/lib/hooks';

export const promocionKeys = {
  list: (categoria: string, localidad = '') => ['promociones', 'list', categoria, localidad] as const,
  categorias: ['promociones', 'categorias'] as const,
  destacadas: (filters: FeaturedFilters) =>
    ['promociones', 'destacadas', filters.categoria, filters.localidad] as const,
};

/** Visible promotions, soonest expiry first, 8 per page (server-filtered). */
export function usePromocionPages(categoria: string, localidad = '') {
  return useInfiniteQuery({
    queryKey: promocionKeys.list(categoria, localidad),
    queryFn: ({ pageParam, signal }) =>
      apiGet<Page<PromocionCard>>('/api/promociones', { categoria, localidad, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** Categories of active, unexpired promotions (filter buttons); on failure only "Todas" remains. */
export function usePromocionCategorias(): { items: string[]; loading: boolean } {
  const query = useQuery({
    queryKey: promocionKeys.categorias,
    queryFn: ({ signal }) => apiGet<{ items: string[] }>('/api/promociones/categorias', undefined, signal),
    staleTime: 5 * 60_000,
  });
  useLogError(query.error, 'las categorías de promociones');
  return { items: query.data?.items ?? [], loading: query.isPending };
}

/** The grid's filters the strip follows ('' = all). */
export interface FeaturedFilters {
  categoria: string;
  localidad: string;
}

/**
 * The strip Promociones Destacadas: up to 6 of the businesses the grid's category and locality show. A failure
 * just hides the strip (and is logged); while other filters load, the previous strip stays (no jump).
 */
export function usePromocionesDestacadas(filters: FeaturedFilters) {
  const query = useQuery({
    queryKey: promocionKeys.destacadas(filters),
    queryFn: ({ signal }) =>
      apiGet<{ items: PromocionCard[] }>(
        '/api/promociones/destacadas',
        { categoria: filters.categoria, localidad: filters.localidad },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  useLogError(query.error, 'las promociones destacadas');
  return query;
}
