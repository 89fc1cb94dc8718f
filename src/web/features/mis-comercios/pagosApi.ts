import { useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import { ApiError, api } from '#web/lib/api';

/** Under the owner's list key, so logout (which drops it) drops these too, and a payment refreshes them. */
export const pagosKey = (comercioId: number) => ['mis-comercios', 'pagos', comercioId] as const;
export const comprobanteKey = (pagoId: number) => ['mis-comercios', 'comprobante', pagoId] as const;

export function usePagosDeComercio(comercioId: number, enabled: boolean) {
  return useQuery({
    queryKey: pagosKey(comercioId),
    queryFn: ({ signal }) => api(contract.pagos.historial, { params: { id: comercioId }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useComprobante(pagoId: number) {
  return useQuery({
    queryKey: comprobanteKey(pagoId),
    queryFn: ({ signal }) => api(contract.pagos.comprobante, { params: { id: pagoId }, signal }),
    // A receipt never changes once it exists.
    staleTime: Infinity,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && !error.isRetryable),
  });
}
