import { foldAccents } from './text';

/**
 * Suggestions as you type (issue 30, ADR 046): what the server and the search box agree on, without zod, so the
 * box's lazily loaded combobox carries none of it. The query's schema is in schemas/sugerencias.ts.
 */

/** Fewer letters suggest nothing useful and would read most of an index. */
export const SUGERENCIAS_MIN_CHARS = 2;
/** Longer text is not a prefix anybody types before choosing; the search box itself takes SEARCH_MAX_LENGTH. */
export const SUGERENCIAS_MAX_CHARS = 60;
/** Words a suggestion matches; later ones are left out (each one is an index lookup). */
export const SUGERENCIAS_MAX_WORDS = 4;

/** One suggestion: a business (opens its page), a category (filters by it) or a word of promotions (searches it). */
export type Sugerencia =
  | { tipo: 'comercio'; id: number; nombre: string; categoria: string }
  | { tipo: 'categoria'; nombre: string }
  | { tipo: 'palabra'; texto: string };

export interface SugerenciasAnswer {
  items: Sugerencia[];
}

const EDGE_PUNCTUATION = /^[¡!¿?,.;:"'()[\]{}«»]+|[¡!¿?,.;:"'()[\]{}«»]+$/gu;
/** A word worth looking up: two letters or digits in a row ("2x1", "20%"), so the trigram index can find it. */
const LOOKUP_WORD = /[\p{L}\p{N}]{2}/u;

/**
 * The typed words a suggestion matches: folded (accents and case ignored, as the database folds its columns),
 * without surrounding punctuation, those with two letters or digits in a row, at most SUGERENCIAS_MAX_WORDS. "%%",
 * "_" or "a" alone give none: nothing to look up.
 */
export function sugerenciaWords(q: string): string[] {
  return foldAccents(q)
    .split(/\s+/)
    .map((w) => w.replace(EDGE_PUNCTUATION, ''))
    .filter((w) => LOOKUP_WORD.test(w))
    .slice(0, SUGERENCIAS_MAX_WORDS);
}

/** Whether the typed text is long enough to ask for suggestions (the box's check; the server's schema says why). */
export function asksSugerencias(q: string): boolean {
  const trimmed = q.trim();
  return trimmed.length >= SUGERENCIAS_MIN_CHARS && trimmed.length <= SUGERENCIAS_MAX_CHARS;
}
