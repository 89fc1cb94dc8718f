import { createContext, use, useSyncExternalStore } from 'react';

import { FAVORITOS_KEY as KEY, isFavorito, type Favorito } from './favoritos-stored';

export type { Favorito };

const listeners = new Set<() => void>();
let cache: { raw: string | null; items: Favorito[] } = { raw: null, items: [] };

/** The favourites saved on this device (the same array until they change). */
export function readDeviceFavoritos(): Favorito[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    // Storage blocked (private mode, policy): favourites just do not persist.
  }
  if (raw === cache.raw) return cache.items;
  let items: Favorito[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    items = Array.isArray(parsed) ? parsed.filter(isFavorito) : [];
  } catch {
    items = [];
  }
  cache = { raw, items };
  return items;
}

/** Saves the device's favourites and tells every subscriber (this tab; others hear the storage event). */
export function writeDeviceFavoritos(items: Favorito[]) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    cache = { raw: null, items };
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saving a favourite updates this one too.
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** `list.some(sameFavorito(f))`: the same business or promotion, whatever name it was saved with. */
export const sameFavorito = (a: Pick<Favorito, 'kind' | 'id'>) => (b: Favorito) => a.kind === b.kind && a.id === b.id;

function toggleFavorito(f: Favorito) {
  const items = readDeviceFavoritos();
  writeDeviceFavoritos(items.some(sameFavorito(f)) ? items.filter((x) => !sameFavorito(f)(x)) : [...items, f]);
}

function removeFavorito(f: Pick<Favorito, 'kind' | 'id'>) {
  writeDeviceFavoritos(readDeviceFavoritos().filter((x) => !sameFavorito(f)(x)));
}

/** The favourites saved on this device; re-renders when they change (here or in another tab). */
export function useDeviceFavoritos(): Favorito[] {
  return useSyncExternalStore(subscribe, readDeviceFavoritos, () => []);
}

/** What the hearts and the Favoritos view read and do. */
export interface FavoritosStore {
  items: Favorito[];
  toggle(f: Favorito): void;
  remove(f: Pick<Favorito, 'kind' | 'id'>): void;
}

/**
 * A signed-in person's favourites live on the server: the favoritos feature provides them here (lib cannot
 * import features). Without a provider, or for a guest, the device's list is the store.
 */
export const FavoritosContext = createContext<FavoritosStore | null>(null);

export function useFavoritos(): FavoritosStore {
  const device = useDeviceFavoritos();
  return use(FavoritosContext) ?? { items: device, toggle: toggleFavorito, remove: removeFavorito };
}
