import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contract, type BodyInput } from '#shared/contract';
import { ApiError, api } from '#web/lib/api';
import { isOffline } from '#web/lib/online';

export const SAVE_ERROR = 'Hubo un error al guardar el comercio. Por favor intente nuevamente.';
export const UPDATE_ERROR = 'Error al actualizar el comercio. Por favor intente nuevamente.';

export const editableKey = (id: number) => ['mis-comercios', 'editar', id] as const;

/** Offline: nothing reached the server, and the form keeps everything typed. */
export const SAVE_OFFLINE =
  'Sin conexión: no se guardó el comercio. Lo que escribiste sigue en el formulario; probá de nuevo cuando vuelva la conexión.';

/** The server's own Spanish message when it sent one; otherwise the spec's generic text for this action. */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'network_error') {
    return isOffline() ? SAVE_OFFLINE : `${fallback} Revisá tu conexión: lo que escribiste sigue en el formulario.`;
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'http_error')
    return error.message;
  return fallback;
}

/** Every list or page that may show this business (public grid, detail, promotions, the owner's list). */
export async function invalidateComercio(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['mis-comercios'] }),
    queryClient.invalidateQueries({ queryKey: ['comercios'] }),
    queryClient.invalidateQueries({ queryKey: ['promociones'] }),
    queryClient.invalidateQueries({ queryKey: ['comercio', id] }),
  ]);
}

export function useCrearComercio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.comercios.create>) => api(contract.comercios.create, { body }),
    onSuccess: (created) => invalidateComercio(queryClient, created.id),
  });
}

export function useActualizarComercio(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contract.comercios.update>) =>
      api(contract.comercios.update, { params: { id }, body }),
    onSuccess: async () => {
      await invalidateComercio(queryClient, id);
      queryClient.removeQueries({ queryKey: editableKey(id) });
    },
  });
}

export const comercioFormQueries = {
  /** The business with all of its promotions, fresh every time the form opens. */
  editable: (id: number) =>
    queryOptions({
      queryKey: editableKey(id),
      queryFn: ({ signal }) => api(contract.comercios.editable, { params: { id }, signal }),
      staleTime: 0,
      gcTime: 0,
    }),
};

export function useComercioEditable(id: number) {
  return useQuery(comercioFormQueries.editable(id));
}
