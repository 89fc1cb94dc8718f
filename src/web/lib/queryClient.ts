import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        // One quick retry for network and server failures; 4xx answers are final.
        retry: (failureCount, error) => failureCount < 1 && (!(error instanceof ApiError) || error.isRetryable),
        retryDelay: 800,
        // Offline, reads pause (networkMode 'online', the default) and run again when the connection returns.
        refetchOnReconnect: true,
      },
      mutations: {
        // Writes are tried at once and fail fast offline, so the form can say so instead of "Guardando…" forever
        // (paused mutations would wait silently for the connection).
        networkMode: 'always',
      },
    },
  });
}
