import { queryOptions } from '@tanstack/react-query';
import { contract } from '#shared/contract';
import { api } from '#web/lib/api';

/** The owner's businesses; dropped on logout (AuthContext). */
export const misComerciosKey = ['mis-comercios'] as const;

export const misComerciosQueries = {
  /** The owner's businesses, payment fields included (the cards show the publication state). */
  list: () =>
    queryOptions({
      queryKey: misComerciosKey,
      queryFn: async ({ signal }) => (await api(contract.comercios.mine, { signal })).items,
    }),
};

export async function deleteComercio(id: number): Promise<void> {
  await api(contract.comercios.remove, { params: { id } });
}
