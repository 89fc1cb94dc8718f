import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditRow,
  EstadoComercio,
  EstadoDenuncia,
  OperadorComercioDetalle,
  OperadorComercioRow,
  OperadorCuentaRow,
  OperadorDenunciaRow,
  OperadorMe,
  OperadorPagoRow,
  Paged,
  Resumen,
} from '#shared/operador';
import { apiGet, apiSend } from '#web/lib/api';

const KEY = 'operador';

export const useOperadorMe = () =>
  useQuery({
    queryKey: [KEY, 'me'],
    queryFn: ({ signal }) => apiGet<OperadorMe>('/api/operador/me', {}, signal),
    retry: false,
  });

export const useResumen = (dias: number) =>
  useQuery({
    queryKey: [KEY, 'resumen', dias],
    queryFn: ({ signal }) => apiGet<Resumen>('/api/operador/resumen', { dias }, signal),
  });

export const useComercios = (filters: { q: string; estado: EstadoComercio | ''; page: number }) =>
  useQuery({
    queryKey: [KEY, 'comercios', filters],
    queryFn: ({ signal }) => apiGet<Paged<OperadorComercioRow>>('/api/operador/comercios', filters, signal),
  });

export const useComercio = (id: number) =>
  useQuery({
    queryKey: [KEY, 'comercio', id],
    queryFn: ({ signal }) => apiGet<OperadorComercioDetalle>(`/api/operador/comercios/${id}`, {}, signal),
  });

export const useDenuncias = (estado: EstadoDenuncia, page: number) =>
  useQuery({
    queryKey: [KEY, 'denuncias', estado, page],
    queryFn: ({ signal }) => apiGet<Paged<OperadorDenunciaRow>>('/api/operador/denuncias', { estado, page }, signal),
  });

export const usePagos = (filters: { q: string; status: string; page: number }) =>
  useQuery({
    queryKey: [KEY, 'pagos', filters],
    queryFn: ({ signal }) => apiGet<Paged<OperadorPagoRow>>('/api/operador/pagos', filters, signal),
  });

export const useCuentas = (filters: { q: string; page: number }) =>
  useQuery({
    queryKey: [KEY, 'cuentas', filters],
    queryFn: ({ signal }) => apiGet<Paged<OperadorCuentaRow>>('/api/operador/cuentas', filters, signal),
  });

export const useAuditoria = (page: number) =>
  useQuery({
    queryKey: [KEY, 'auditoria', page],
    queryFn: ({ signal }) => apiGet<Paged<AuditRow>>('/api/operador/auditoria', { page }, signal),
  });

/** An operator action: on success every console list is refreshed (they all may show what changed). */
export function useOperadorAction<T>(send: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const post = (path: string) => (body: unknown) => apiSend<unknown>('POST', path, body);
