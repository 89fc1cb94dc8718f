import { PALABRAS_VACIAS, PIDEN_ABIERTO, SINONIMOS } from './sinonimos';
import { foldAccents } from './text';

/** Words a search considers; later ones are left out, so no query costs more than this many lookups. */
export const MAX_SEARCH_TERMS = 6;

/**
 * One thing the visitor asked for: the folded word (or colloquial phrase) they typed first, then the words
 * the businesses use for it (SINONIMOS). A business matches the term when it holds any of them.
 */
export type SearchTerm = readonly string[];

/** Punctuation around a word ("¿birra?", "pizza,") is not part of it; "2x1", "20%" and "$500" keep theirs. */
const EDGE_PUNCTUATION = /^[¡!¿?,.;:"'()[\]{}«»]+|[¡!¿?,.;:"'()[\]{}«»]+$/gu;

/** The typed words, folded as the database folds its search columns, without surrounding punctuation. */
export function searchWords(q: string): string[] {
  return foldAccents(q)
    .split(/\s+/)
    .map((w) => w.replace(EDGE_PUNCTUATION, ''))
    .filter((w) => w !== '');
}

const PHRASES = Object.entries(SINONIMOS)
  .map(([key, values]) => ({ words: key.split(' '), values }))
  // Longest first: "farmacia de turno" wins over a shorter key that starts the same way.
  .sort((a, b) => b.words.length - a.words.length);

/**
 * A query as the terms the search matches, in the typed order: each colloquial word or phrase of SINONIMOS
 * becomes one term with its alternatives, every other word a term of its own but the empty words of
 * PALABRAS_VACIAS (unless the query has nothing else); repeated terms count once and at most MAX_SEARCH_TERMS are
 * kept.
 */
export function searchTerms(q: string): SearchTerm[] {
  const words = searchWords(q);
  const skipEmpty = words.some((w) => !PALABRAS_VACIAS.has(w));
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < words.length && terms.length < MAX_SEARCH_TERMS;) {
    const phrase = PHRASES.find((p) => p.words.every((w, k) => words[i + k] === w));
    const typed = phrase ? phrase.words.join(' ') : words[i]!;
    i += phrase ? phrase.words.length : 1;
    if (seen.has(typed) || (!phrase && skipEmpty && PALABRAS_VACIAS.has(typed))) continue;
    seen.add(typed);
    terms.push(phrase ? [typed, ...phrase.values.filter((v) => v !== typed)] : [typed]);
  }
  return terms;
}

/** Whether the words ask for businesses open now ("farmacia de turno"): the search then applies "Abierto ahora". */
export function asksOpenNow(q: string): boolean {
  return searchTerms(q).some((term) => PIDEN_ABIERTO.includes(term[0]!));
}

/** Whether a list asks for businesses open now: the "Abierto ahora" filter itself, or words such as "farmacia de turno". */
export function wantsOpenNow(query: { abierto?: boolean | undefined; q?: string | undefined }): boolean {
  return Boolean(query.abierto) || (query.q !== undefined && asksOpenNow(query.q));
}
