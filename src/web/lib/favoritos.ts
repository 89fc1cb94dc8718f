import { useSyncExternalStore } from 'react';

/** A business or promotion saved on this device, with the name it had (shown if it stops being published). */
export interface Favorito {
  kind: 'comercio' | 'promocion';
  id: number;
  nombre: string;
}

const KEY = 'vidriera.favoritos';
const listeners = new Set<() => void>();
let cache: { raw: string | null; items: Favorito[] } = { raw: null, items: [] };

const isFavorito = (x: unknown): x is Favorito =>
  typeof x === 'object' &&
  x !== null &&
  ((x as Favorito).kind === 'comercio' || (x as Favorito).kind === 'promocion') &&
  Number.isInteger((x as Favorito).id) &&
  typeof (x as Favorito).nombre === 'string';

function read(): Favorito[] {
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

function write(items: Favorito[]) {
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

const same = (a: Pick<Favorito, 'kind' | 'id'>) => (b: Favorito) => a.kind === b.kind && a.id === b.id;

export function toggleFavorito(f: Favorito) {
  const items = read();
  write(items.some(same(f)) ? items.filter((x) => !same(f)(x)) : [...items, f]);
}

export function removeFavorito(f: Pick<Favorito, 'kind' | 'id'>) {
  write(read().filter((x) => !same(f)(x)));
}

/** The favourites saved on this device; re-renders when they change (here or in another tab). */
export function useFavoritos(): Favorito[] {
  return useSyncExternalStore(subscribe, read, () => []);
}
