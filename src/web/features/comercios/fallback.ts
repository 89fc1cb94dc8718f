import type { ComercioCard } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { LOCALIDAD_LABELS } from '#shared/constants';
import { foldAccents } from '#shared/text';
import { EMPTY_FILTERS, type ListaFilters } from '#web/lib/routes';
import { isUnfiltered, readSavedPage, type FallbackResult, type SavedPage } from './saved-pages';

// What replaces a failed list (saved-pages.ts keeps the pages): loaded when a load fails, or with the idle prefetch.

/**
 * The spec's matching rule (§2), used only on fallback data (the server filters everything else):
 * category and locality equal, and the text inside the name, description, category or locality, ignoring case
 * and accents (cards carry no services or promotions: the server matches those).
 */
export function matchesFilters(card: ComercioCard, filters: ListaFilters): boolean {
  if (filters.localidad && card.localidad !== filters.localidad) return false;
  if (filters.categoria) {
    const wanted = foldAccents(filters.categoria);
    if (!splitCategorias(card.categoria).some((c) => foldAccents(c) === wanted)) return false;
  }
  const q = foldAccents(filters.q.trim());
  if (!q) return true;
  return [card.nombre, card.descripcion, card.categoria, LOCALIDAD_LABELS[card.localidad]].some((field) =>
    foldAccents(field ?? '').includes(q),
  );
}

export interface FallbackSources {
  readSaved(filters: ListaFilters): SavedPage | null;
  loadSample(): Promise<ComercioCard[]>;
}

/** Best data we still have: the saved page for these filters, else the saved unfiltered page, else the sample. */
export async function selectFallback(filters: ListaFilters, sources: FallbackSources): Promise<FallbackResult> {
  const exact = sources.readSaved(filters);
  if (exact) return { source: 'saved', items: exact.items };
  if (!isUnfiltered(filters)) {
    const unfiltered = sources.readSaved(EMPTY_FILTERS);
    if (unfiltered) return { source: 'saved', items: unfiltered.items.filter((c) => matchesFilters(c, filters)) };
  }
  const sample = await sources.loadSample();
  return { source: 'sample', items: sample.filter((c) => matchesFilters(c, filters)) };
}

export const browserFallbackSources: FallbackSources = {
  readSaved: readSavedPage,
  loadSample: () => import('#shared/sample/comercios').then((m) => m.sampleComercioCards(new Date())),
};
