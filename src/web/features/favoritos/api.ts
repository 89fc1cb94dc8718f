import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import { api } from '#web/lib/api';
import type { Favorito } from '#web/lib/favoritos';

const idsOf = (items: readonly Favorito[], kind: Favorito['kind']) =>
  items
    .filter((f) => f.kind === kind)
    .map((f) => f.id)
    .sort((a, b) => a - b);

/** Every saved business and promotion, by ids, in one request. */
export function favoritosQuery(items: readonly Favorito[]) {
  const comercios = idsOf(items, 'comercio');
  const promociones = idsOf(items, 'promocion');
  return queryOptions({
    queryKey: ['favoritos', comercios.join(','), promociones.join(',')] as const,
    queryFn: ({ signal }) =>
      api(contract.favoritos.list, {
        // An array is written as "3,8,12"; an empty one is left out.
        query: {
          comercios: comercios.length ? comercios : undefined,
          promociones: promociones.length ? promociones : undefined,
        },
        signal,
      }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    // Offline, asked all the same: the service worker answers with the list it kept (ADR 050). Without one, the
    // view says it could not connect (with Reintentar) instead of a spinner waiting for the connection.
    networkMode: 'offlineFirst',
  });
}

export function useFavoritosData(items: readonly Favorito[]) {
  return useQuery(favoritosQuery(items));
}
