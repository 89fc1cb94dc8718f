import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from '#web/components/icons';
import { useEffect, useMemo, useState } from 'react';
import { contract } from '#shared/contract';
import { api, ApiError } from '#web/lib/api';
import {
  readDeviceFavoritos,
  sameFavorito,
  useDeviceFavoritos,
  writeDeviceFavoritos,
  type Favorito,
  type FavoritosStore,
} from '#web/lib/favoritos';
import { MERGED_KEY, ROOT, setMergedFor } from './merged';

// Here, not in merged.ts: only the account's sync (this chunk) reads it; merged.ts is in every page's first load.
/** The device's copy becomes the account's list (kept for offline use and after signing out). */
function replaceDeviceFavoritos(items: Favorito[]) {
  if (JSON.stringify(items) !== JSON.stringify(readDeviceFavoritos())) writeDeviceFavoritos(items);
}

function mergedFor(): string | null {
  try {
    return window.localStorage.getItem(MERGED_KEY);
  } catch {
    return null;
  }
}

const keyOf = (userId: string) => [...ROOT, userId] as const;

/**
 * The account's list. The first read after a login sends the device's list to be joined to it (POST …/unir);
 * later reads just fetch it. The merge is idempotent, so a retried or repeated first read does no harm.
 */
async function fetchCuenta(userId: string, device: readonly Favorito[], signal: AbortSignal): Promise<Favorito[]> {
  if (mergedFor() === userId) return (await api(contract.favoritos.mine, { signal })).items;
  const body = { items: device.map(({ kind, id }) => ({ kind, id })) };
  const { items } = await api(contract.favoritos.merge, { body, signal });
  setMergedFor(userId);
  return items;
}

function failureMessage(error: unknown, save: boolean): string {
  // The server's own words when it refused (the limit, a business no longer published); else the connection.
  if (error instanceof ApiError && !error.isRetryable && error.status !== 0) return error.message;
  return save
    ? 'No pudimos guardar el favorito. Revisá tu conexión e intentá de nuevo.'
    : 'No pudimos quitar el favorito. Revisá tu conexión e intentá de nuevo.';
}

interface Change {
  f: Favorito;
  save: boolean;
}

/**
 * Signed in, favourites are the account's (ADR 020): the heart writes to the server at once on screen
 * (optimistic) and undoes itself with a message if the server refuses or cannot be reached. The device keeps a
 * copy of the account's list for offline use and after signing out.
 */
export default function CuentaSync({
  userId,
  onStore,
}: {
  userId: string;
  onStore(store: FavoritosStore | null): void;
}) {
  const device = useDeviceFavoritos();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);

  const cuenta = useQuery({
    queryKey: keyOf(userId),
    queryFn: ({ signal }) => fetchCuenta(userId, device, signal),
  });

  useEffect(() => {
    if (cuenta.data) replaceDeviceFavoritos(cuenta.data);
  }, [cuenta.data]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(timer);
  }, [message]);

  const change = useMutation({
    mutationKey: ROOT,
    mutationFn: ({ f, save }: Change) => {
      const params = { kind: f.kind, id: f.id };
      return save ? api(contract.favoritos.add, { params }) : api(contract.favoritos.remove, { params });
    },
    onMutate: async ({ f, save }: Change) => {
      const key = keyOf(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Favorito[]>(key);
      const base = (previous ?? device).filter((x) => !sameFavorito(f)(x));
      queryClient.setQueryData<Favorito[]>(key, save ? [...base, f] : base);
      setMessage(null);
      return { key, previous };
    },
    onError: (error, { save }, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
      else if (context) queryClient.removeQueries({ queryKey: context.key, exact: true });
      setMessage(failureMessage(error, save));
    },
    onSettled: (_data, _error, _change, context) => {
      // The last of several quick taps asks for the list once; earlier answers would undo later taps on screen.
      if (context && queryClient.isMutating({ mutationKey: ROOT }) === 1)
        void queryClient.invalidateQueries({ queryKey: context.key });
    },
  });

  const { mutate } = change;
  const items = cuenta.data ?? device;
  const store = useMemo<FavoritosStore>(
    () => ({
      items,
      toggle: (f) => mutate({ f, save: !items.some(sameFavorito(f)) }),
      remove: (f) => {
        const saved = items.find(sameFavorito(f));
        if (saved) mutate({ f: saved, save: false });
      },
    }),
    [items, mutate],
  );

  useEffect(() => onStore(store), [store, onStore]);
  useEffect(() => () => onStore(null), [onStore]);

  return (
    message && (
      <div
        role="alert"
        className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-start gap-2 rounded-card bg-ink-900 px-4 py-3 text-sm text-white shadow-card md:bottom-6"
      >
        <p className="min-w-0 flex-1">{message}</p>
        <button
          type="button"
          onClick={() => setMessage(null)}
          aria-label="Cerrar aviso"
          className="-my-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    )
  );
}
