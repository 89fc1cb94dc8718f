import { queryOptions, type QueryKey } from '@tanstack/react-query';

/** The page after the last one read, while the server says there is more (the public paged lists). */
export const nextPage = (last: { page: number; hasMore: boolean }) => (last.hasMore ? last.page + 1 : undefined);

/** A directory's categories change rarely: read once and kept fresh for five minutes. */
export function categoriasQuery<K extends QueryKey, T>(queryKey: K, read: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => read(signal), staleTime: 5 * 60_000 });
}
