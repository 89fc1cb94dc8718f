import type { ComercioCard } from '#shared/api';
import { splitCategorias } from '#shared/categorias';
import { LOCALIDAD_LABELS } from '#shared/constants';
import { foldAccents } from '#shared/text';
import { EMPTY_FILTERS, type ListaFilters } from '#web/lib/routes';
import { readJson, writeJson } from '#web/lib/storage';

/**
 * Spec §7/§8: when the business list fails to load we never show a blank page. We keep the last good first page
 * per filter combination in localStorage and fall back to it; without one, to the bundled sample list.
 */
export const SAVED_PAGES_KEY = 'vidriera:comercios:v1';
export const MAX_SAVED_PAGES = 20;

export interface SavedPage {
  savedAt: number;
  items: ComercioCard[];
}

type SavedPages = Record<string, SavedPage>;

export type FallbackSource = 'saved' | 'sample';
export interface FallbackResult {
  source: FallbackSource;
  items: ComercioCard[];
}

/** One key per filter combination: search folded like the server folds it. */
export function filterKey(filters: ListaFilters): string {
  return JSON.stringify([foldAccents(filters.q.trim()), filters.categoria, filters.localidad]);
}

export function isUnfiltered(filters: ListaFilters): boolean {
  return filterKey(filters) === filterKey(EMPTY_FILTERS);
}

export function readSavedPage(filters: ListaFilters): SavedPage | null {
  const saved = readJson<SavedPages>(SAVED_PAGES_KEY);
  const page = saved?.[filterKey(filters)];
  return page && Array.isArray(page.items) ? page : null;
}

/** Remember a good first page; only the most recent MAX_SAVED_PAGES combinations are kept. */
export function saveLastGoodPage(filters: ListaFilters, items: ComercioCard[], now = Date.now()): void {
  const saved = readJson<SavedPages>(SAVED_PAGES_KEY) ?? {};
  saved[filterKey(filters)] = { savedAt: now, items };
  const newest = Object.entries(saved)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_SAVED_PAGES);
  writeJson(SAVED_PAGES_KEY, Object.fromEntries(newest));
}

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
