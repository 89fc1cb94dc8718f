import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchWords, type SearchTerm } from '#shared/busqueda';
import { foldAccents } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { comercios } from '#server/db/schema';
import { containsPattern } from './published';

/**
 * The longest a search statement may run (PostgreSQL's statement_timeout, set for the search's own transaction).
 * The matching search is bounded by its candidate caps and should end far sooner; this is the backstop against a
 * plan nobody foresaw, and its answer is "probá con menos palabras" rather than a stalled server.
 */
const SEARCH_TIMEOUT_MS = 150;
/** The typo-forgiving search is an extra: past this it is dropped and the matching results stand alone. */
const FUZZY_TIMEOUT_MS = 50;
/**
 * pg_trgm's word similarity a typed word needs to a word of the business for the fuzzy search ("farmasia" is
 * 0.56 of "farmacia"; pg_trgm's default, 0.6, misses it). Set per transaction, so the index applies it too.
 */
export const FUZZY_THRESHOLD = 0.5;
/** A typed word shorter than a trigram has no useful similarity: it must be found as typed. */
const FUZZY_MIN_LENGTH = 3;
/**
 * At most this many businesses are considered by the fuzzy search (then ranked by similarity), and at most
 * this many visible promotions by a search's promotion side: a word found in a large share of the rows costs
 * a bounded read, not a sort of every match (issue 30).
 */
export const FUZZY_CANDIDATES = 200;
export const PROMO_CANDIDATES = 1000;
/** A suggested word must be at least this similar (pg_trgm similarity) to the typed one. */
const SUGGESTION_MIN_SIMILARITY = 0.3;

export const SLOW_SEARCH_MESSAGE = 'La búsqueda tardó demasiado. Probá con menos palabras o con palabras más precisas.';

/** The folded name and main category, as comercios_nombre_trgm indexes them (the same expression, or no index). */
export const nombreCategoria = sql`vidriera_fold(${comercios.nombre} || E'\n' || ${comercios.categoria})`;

/** Each term found in `column` (as typed or as one of its colloquial alternatives), in any order. */
export function termsWhere(column: AnyColumn | SQL, terms: readonly SearchTerm[]): SQL {
  return sql.join(
    terms.map(
      (alternatives) =>
        sql`(${sql.join(
          alternatives.map((a) => sql`${column} LIKE ${containsPattern(a)}`),
          sql` OR `,
        )})`,
    ),
    sql` AND `,
  );
}

/**
 * Each term found in `column` as typed or within a word similar enough (pg_trgm's `%>`, which the trigram index
 * answers with the transaction's threshold).
 */
export function fuzzyTermsWhere(column: AnyColumn | SQL, terms: readonly SearchTerm[]): SQL {
  return sql.join(
    terms.map(
      (alternatives) =>
        sql`(${sql.join(
          alternatives.map((a) =>
            a.length >= FUZZY_MIN_LENGTH
              ? sql`${column} LIKE ${containsPattern(a)} OR ${column} %> ${a}`
              : sql`${column} LIKE ${containsPattern(a)}`,
          ),
          sql` OR `,
        )})`,
    ),
    sql` AND `,
  );
}

/** How well the terms match `column`: each term's best alternative's word similarity, summed. */
export function fuzzyScore(column: AnyColumn | SQL, terms: readonly SearchTerm[]): SQL {
  return sql.join(
    terms.map((alternatives) =>
      alternatives.length === 1
        ? sql`word_similarity(${alternatives[0]}, ${column})`
        : sql`greatest(${sql.join(
            alternatives.map((a) => sql`word_similarity(${a}, ${column})`),
            sql`, `,
          )})`,
    ),
    sql` + `,
  );
}

/**
 * Runs a search in a transaction of its own, with the statement timeout (SEARCH_TIMEOUT_MS unless given) and the
 * fuzzy threshold set for it alone (one round trip). A statement cut by the timeout becomes a Spanish 503.
 */
export async function inSearchTransaction<T>(
  db: Db,
  run: (tx: Db) => Promise<T>,
  timeoutMs = SEARCH_TIMEOUT_MS,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true),
          set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
      );
      return run(tx);
    });
  } catch (err) {
    if (isStatementTimeout(err)) throw new AppError(503, 'busqueda_lenta', SLOW_SEARCH_MESSAGE);
    throw err;
  }
}

/**
 * The fuzzy search's own savepoint, with its shorter timeout: when it runs out, the matching results stand
 * alone (null) and the search's transaction goes on.
 */
export async function optionalFuzzy<T>(tx: Db, run: (tx: Db) => Promise<T>): Promise<T | null> {
  try {
    return await tx.transaction(async (inner) => {
      // The planner prices pg_trgm's similarity check like a comparison and, past a few thousand businesses,
      // reads them all computing it for each (bench/explain-search.ts): the trigram index is always cheaper.
      await inner.execute(
        sql`SELECT set_config('statement_timeout', ${String(FUZZY_TIMEOUT_MS)}, true), set_config('enable_seqscan', 'off', true)`,
      );
      const result = await run(inner);
      await inner.execute(
        sql`SELECT set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true), set_config('enable_seqscan', 'on', true)`,
      );
      return result;
    });
  } catch (err) {
    if (isStatementTimeout(err)) return null;
    throw err;
  }
}

/** PostgreSQL's query_canceled, however deep the drivers wrapped it. */
function isStatementTimeout(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '57014') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * "¿Quisiste decir …?": the typed words, each either kept (found in the best fuzzy match's name or category as
 * typed) or replaced by that match's most similar word (pg_trgm similarity). Null when nothing changes.
 */
export async function suggestion(
  db: Db,
  q: string,
  best: { nombre: string; categoria: string },
): Promise<string | null> {
  const typed = searchWords(q);
  const text = `${best.nombre} ${best.categoria}`;
  const folded = foldAccents(text);
  const candidates = [
    ...new Set(
      text
        .toLocaleLowerCase('es')
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= FUZZY_MIN_LENGTH),
    ),
  ];
  const unknown = typed.filter((w) => !folded.includes(w));
  if (unknown.length === 0 || candidates.length === 0) return null;
  const rows = await queryRows<{ typed: string; word: string; score: number | string }>(
    db,
    sql`SELECT t.typed, c.word, similarity(t.typed, vidriera_fold(c.word)) AS score
        FROM unnest(ARRAY[${sql.join(
          unknown.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) AS t(typed)
        CROSS JOIN unnest(ARRAY[${sql.join(
          candidates.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) AS c(word)`,
  );
  const bestWord = new Map<string, { word: string; score: number }>();
  for (const row of rows) {
    const score = Number(row.score);
    const current = bestWord.get(row.typed);
    if (score >= SUGGESTION_MIN_SIMILARITY && (!current || score > current.score))
      bestWord.set(row.typed, { word: row.word, score });
  }
  const corrected = typed.map((w) => bestWord.get(w)?.word ?? w);
  const changed = corrected.some((w, i) => foldAccents(w) !== typed[i]);
  return changed ? corrected.join(' ') : null;
}
