import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ComercioCard } from '#shared/api';
import type { LatLng } from '#shared/rules/geo';
import { useLogError } from '#web/lib/hooks';
import type { ListaFilters } from '#web/lib/routes';
import { comercioKeys, useComercioPages } from './api';
import { saveLastGoodPage, type FallbackSource } from './saved-pages';

export interface ComercioList {
  items: ComercioCard[];
  /** First load of these filters (nothing to show yet): skeletons. */
  isLoading: boolean;
  /** New filters are loading while the previous results stay on screen. */
  isRefreshing: boolean;
  /** Set when the list comes from saved or sample data because the server failed. */
  fallbackSource: FallbackSource | null;
  /** Neither the server nor any fallback had data. */
  loadFailed: boolean;
  hasMore: boolean;
  /** The search's words corrected, when the server found little for them ("¿Quisiste decir …?"). */
  sugerencia?: string;
  /** Server pages shown so far. */
  pageCount: number;
  isFetchingMore: boolean;
  /** Offline: these filters' list waits for the connection (what is on screen may belong to the previous filters). */
  waitingForConnection: boolean;
  /** A later page failed (the first ones stay). */
  moreFailed: boolean;
  loadMore(): void;
  retry(): void;
}

/** The fallback's code (fallback.ts): fetched when a load fails, and ahead of that with the app's idle prefetch. */
export const loadFallback = () => import('./fallback');

/** The business grid: server pages, remembered when good, replaced by saved or sample data when loading fails. */
export function useComercioList(filters: ListaFilters, near?: LatLng): ComercioList {
  const pages = useComercioPages(filters, near);
  const firstPage = pages.isPlaceholderData ? undefined : pages.data?.pages[0];
  const failed = pages.isError && !pages.data?.pages.length;
  useLogError(pages.error, 'los comercios');

  useEffect(() => {
    // A near-me page belongs to one visitor's position, not to the filters: it is not the filters' fallback.
    if (firstPage && !near) saveLastGoodPage(filters, firstPage.items);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per fresh first page (its identity changes only when new data arrives), with the filters it belongs to.
  }, [firstPage]);

  const fallback = useQuery({
    queryKey: comercioKeys.fallback(filters),
    queryFn: () => loadFallback().then((m) => m.selectFallback(filters, m.browserFallbackSources)),
    enabled: failed,
    staleTime: Infinity,
    retry: false,
  });
  useLogError(fallback.error, 'los comercios guardados');

  const items = useMemo(
    () => (failed ? (fallback.data?.items ?? []) : (pages.data?.pages.flatMap((p) => p.items) ?? [])),
    [failed, fallback.data, pages.data],
  );

  return {
    items,
    isLoading: failed ? fallback.isPending && !fallback.isError : pages.isPending,
    isRefreshing: pages.isPlaceholderData && pages.isFetching,
    fallbackSource: failed ? (fallback.data?.source ?? null) : null,
    loadFailed: failed && fallback.isError,
    hasMore: !failed && !!pages.hasNextPage,
    sugerencia: firstPage?.sugerencia,
    pageCount: failed ? 0 : (pages.data?.pages.length ?? 0),
    isFetchingMore: pages.isFetchingNextPage,
    moreFailed: pages.isFetchNextPageError,
    waitingForConnection: pages.fetchStatus === 'paused' && (pages.isPending || pages.isPlaceholderData),
    loadMore: () => {
      if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
    },
    retry: () => void pages.refetch(),
  };
}
