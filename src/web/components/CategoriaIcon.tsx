import { Store, type IconComponent } from './icons';
import { useSyncExternalStore } from 'react';
import { splitCategorias } from '#shared/categorias';
import { foldAccents } from '#shared/text';

/**
 * The 40-odd category icons live in their own chunk (kept out of the initial bundle): the first placeholder asks
 * for it, and until it arrives every placeholder shows the shop-front icon.
 */
let icons: Record<string, IconComponent> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadIcons(): void {
  loading ??= import('./categoriaIcons')
    .then((m) => {
      icons = m.CATEGORIA_ICONS;
      listeners.forEach((l) => l());
    })
    .catch(() => {
      loading = null;
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The icon of a business's first category ("Panadería, Café" → croissant); a shop front otherwise. */
export function CategoriaGlyph({ categoria, className }: { categoria: string | null | undefined; className?: string }) {
  const map = useSyncExternalStore(
    subscribe,
    () => icons,
    () => null,
  );
  if (!map) loadIcons();
  const first = splitCategorias(categoria)[0];
  const Icon = (first && map?.[foldAccents(first)]) || Store;
  return <Icon className={className} strokeWidth={1.6} aria-hidden="true" />;
}

const GRADIENTS = [
  'from-brand-200 via-brand-100 to-sand-100 text-brand-700',
  'from-amber-200 via-amber-100 to-sand-100 text-amber-800',
  'from-leaf-200 via-leaf-100 to-sand-100 text-leaf-700',
  'from-rose-200 via-rose-100 to-sand-100 text-rose-800',
  'from-orange-200 via-amber-100 to-sand-100 text-brand-700',
];

/** A stable warm gradient per category, so placeholders differ but never change between visits. */
export function categoriaGradient(categoria: string | null | undefined): string {
  const key = foldAccents(splitCategorias(categoria)[0] ?? '');
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length] ?? GRADIENTS[0]!;
}
