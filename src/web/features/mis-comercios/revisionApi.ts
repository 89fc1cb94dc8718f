import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import type { Revision } from '#shared/revisiones';
import { api } from '#web/lib/api';

/** Under the owner's list key, so logout (which drops it) drops these too. */
export const revisionKey = (comercioId: number) => ['mis-comercios', 'revision', comercioId] as const;

/** The owner's latest review request about the current hiding (read only for a hidden business). */
export function useRevision(comercioId: number) {
  return useQuery({
    queryKey: revisionKey(comercioId),
    queryFn: async ({ signal }) =>
      (await api(contract.revisiones.latest, { params: { id: comercioId }, signal })).revision,
    // The operator's answer arrives on its own time: read again whenever the owner comes back to the list.
    staleTime: 0,
  });
}

export function usePedirRevision(comercioId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nota: string) => api(contract.revisiones.create, { params: { id: comercioId }, body: { nota } }),
    onSuccess: (revision: Revision) => client.setQueryData(revisionKey(comercioId), revision),
  });
}
