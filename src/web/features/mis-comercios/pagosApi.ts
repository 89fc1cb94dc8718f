import { useQuery } from '@tanstack/react-query';
import type { Comprobante, PagosDeComercio } from '#shared/comprobantes';
import { ApiError, apiGet } from '#web/lib/api';

/** Under the owner's list key, so logout (which drops it) drops these too, and a payment refreshes them. */
export const pagosKey = (comercioId: number) => ['mis-comercios', 'pagos', comercioId] as const;
export const comprobanteKey = (pagoId: number) => ['mis-comercios', 'comprobante', pagoId] as const;

export function usePagosDeComercio(comercioId: number, enabled: boolean) {
  return useQuery({
    queryKey: pagosKey(comercioId),
    queryFn: ({ signal }) => apiGet<PagosDeComercio>(`/api/comercios/${comercioId}/pagos`, undefined, signal),
    enabled,
    staleTime: 0,
  });
}

export function useComprobante(pagoId: number) {
  return useQuery({
    queryKey: comprobanteKey(pagoId),
    queryFn: ({ signal }) => apiGet<Comprobante>(`/api/pagos/${pagoId}/comprobante`, undefined, signal),
    // A receipt never changes once it exists.
    staleTime: Infinity,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && !error.isRetryable),
  });
}
