import { queryOptions } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import { api } from '#web/lib/api';

// Apart from api.ts: the sandbox banner, on every page, needs only this query, not the payment code.
export const pagoQueries = {
  /** Which provider takes the payments, its public key and the fee (the payment modal and the sandbox banner). */
  config: () =>
    queryOptions({
      queryKey: ['payments-config'] as const,
      queryFn: ({ signal }) => api(contract.pagos.config, { signal }),
    }),
};
