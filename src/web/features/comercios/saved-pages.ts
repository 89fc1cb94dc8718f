import type { ComercioCard } from '#shared/api';
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
