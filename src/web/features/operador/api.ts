import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import type { EstadoComercio, EstadoDenuncia } from '#shared/operador';
import type { EstadoRevision } from '#shared/revisiones';
import { api } from '#web/lib/api';

const KEY = 'operador';
const op = contract.operador;

export const useOperadorMe = () =>
  useQuery({ queryKey: [KEY, 'me'], queryFn: ({ signal }) => api(op.me, { signal }), retry: false });

export const useResumen = (dias: 30 | 90) =>
  useQuery({ queryKey: [KEY, 'resumen', dias], queryFn: ({ signal }) => api(op.resumen, { query: { dias }, signal }) });

export const useComercios = (filters: { q: string; estado: EstadoComercio | ''; page: number }) =>
  useQuery({
    queryKey: [KEY, 'comercios', filters],
    queryFn: ({ signal }) => api(op.comercios, { query: filters, signal }),
  });

export const useComercio = (id: number) =>
  useQuery({ queryKey: [KEY, 'comercio', id], queryFn: ({ signal }) => api(op.comercio, { params: { id }, signal }) });

export const useDenuncias = (estado: EstadoDenuncia, page: number) =>
  useQuery({
    queryKey: [KEY, 'denuncias', estado, page],
    queryFn: ({ signal }) => api(op.denuncias, { query: { estado, page }, signal }),
  });

export const useRevisiones = (estado: EstadoRevision, page: number) =>
  useQuery({
    queryKey: [KEY, 'revisiones', estado, page],
    queryFn: ({ signal }) => api(op.revisiones, { query: { estado, page }, signal }),
  });

export const usePagos = (filters: { q: string; status: string; page: number }) =>
  useQuery({ queryKey: [KEY, 'pagos', filters], queryFn: ({ signal }) => api(op.pagos, { query: filters, signal }) });

export const useCuentas = (filters: { q: string; page: number }) =>
  useQuery({
    queryKey: [KEY, 'cuentas', filters],
    queryFn: ({ signal }) => api(op.cuentas, { query: filters, signal }),
  });

export const useAuditoria = (page: number) =>
  useQuery({
    queryKey: [KEY, 'auditoria', page],
    queryFn: ({ signal }) => api(op.auditoria, { query: { page }, signal }),
  });

/** An operator action: on success every console list is refreshed (they all may show what changed). */
export function useOperadorAction<T>(send: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export { op };
