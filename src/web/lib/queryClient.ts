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
      },
    },
  });
}
