import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import { api } from '#web/lib/api';

export const opinionKeys = {
  all: (comercioId: number) => ['opiniones', comercioId] as const,
  mas: (comercioId: number) => ['opiniones', comercioId, 'mas'] as const,
  mia: (comercioId: number) => ['opiniones', comercioId, 'mia'] as const,
  recibidas: (comercioId: number) => ['opiniones', comercioId, 'recibidas'] as const,
};

/** "Ver más": the pages after the first (the business page brings the first one). Starts when first asked for. */
export function useMasOpiniones(comercioId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: opinionKeys.mas(comercioId),
    queryFn: ({ pageParam, signal }) =>
      api(contract.opiniones.list, { params: { id: comercioId }, query: { page: pageParam }, signal }),
    initialPageParam: 2,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}

export function useMiOpinion(comercioId: number) {
  return useQuery({
    queryKey: opinionKeys.mia(comercioId),
    queryFn: ({ signal }) => api(contract.opiniones.mine, { params: { id: comercioId }, signal }),
  });
}

export function useOpinionesRecibidas(comercioId: number) {
  return useQuery({
    queryKey: opinionKeys.recibidas(comercioId),
    queryFn: ({ signal }) => api(contract.opiniones.recibidas, { params: { id: comercioId }, signal }),
  });
}

/** After a write: the business page (its section, rating and count) and every opinion list of it read again. */
export function useRefreshOpiniones(comercioId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: opinionKeys.all(comercioId) }),
      queryClient.invalidateQueries({ queryKey: ['comercios', 'detalle', comercioId] }),
    ]);
}
