import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '#web/features/auth';
import { FavoritosContext, useDeviceFavoritos, type FavoritosStore } from '#web/lib/favoritos';
import { ROOT, setMergedFor } from './merged';

// The account's side (its query, the server writes, their failure message) is for signed-in people only: its
// code loads once someone is signed in, not with every guest's first page (ADR 023).
const CuentaSync = lazy(() => import('./CuentaSync'));

/**
 * Signed in, favourites are the account's (ADR 020; CuentaSync does the work). A heart tapped in the moment before
 * that code has arrived is kept and applied as soon as it has, never written to the device list alone.
 */
export function FavoritosCuentaProvider({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const device = useDeviceFavoritos();
  const [store, setStore] = useState<FavoritosStore | null>(null);
  const queued = useRef<Array<(store: FavoritosStore) => void>>([]);

  // Signed out (not merely still asking the server): the next login merges again; the device list stays.
  useEffect(() => {
    if (user || loading) return;
    setMergedFor(null);
    queued.current = [];
    queryClient.removeQueries({ queryKey: ROOT });
  }, [user, loading, queryClient]);

  useEffect(() => {
    if (store) for (const apply of queued.current.splice(0)) apply(store);
  }, [store]);

  const waiting = useMemo<FavoritosStore>(
    () => ({
      items: device,
      toggle: (f) => queued.current.push((s) => s.toggle(f)),
      remove: (f) => queued.current.push((s) => s.remove(f)),
    }),
    [device],
  );
  const onStore = useCallback((next: FavoritosStore | null) => setStore(next), []);

  return (
    <FavoritosContext value={userId ? (store ?? waiting) : null}>
      {children}
      {userId && (
        <Suspense fallback={null}>
          <CuentaSync key={userId} userId={userId} onStore={onStore} />
        </Suspense>
      )}
    </FavoritosContext>
  );
}
