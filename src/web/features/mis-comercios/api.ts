import type { Comercio, MisComerciosResponse } from '#shared/api';
import { apiGet, apiSend } from '#web/lib/api';

/** The owner's businesses; dropped on logout (AuthContext). */
export const misComerciosKey = ['mis-comercios'] as const;

export async function fetchMisComercios(signal?: AbortSignal): Promise<Comercio[]> {
  const answer = await apiGet<MisComerciosResponse>('/api/mis-comercios', undefined, signal);
  return answer.items;
}

export async function deleteComercio(id: number): Promise<void> {
  await apiSend('DELETE', `/api/comercios/${id}`);
}
