import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sugerenciaWords, type Sugerencia, type SugerenciasAnswer } from '#shared/sugerencias';
import { CATEGORIAS } from '#shared/categorias-lista';
import { compareEs, foldAccents } from '#shared/text';
import { queryRows, type Db } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { inSearchTransaction, nombreCategoria, optionalFuzzy } from './busqueda';
import { publishedWhere, visiblePromotionWhere } from './published';

/**
 * Suggestions as you type (issue 30, ADR 046): a few businesses, categories and promotion words for what is typed
 * so far. Each lookup reads a trigram index for words starting with the typed ones and stops after a small number
 * of candidates, which are then ranked: the cost is bounded by the caps below, not by the number of businesses.
 */
export const SUGERENCIAS_COMERCIOS = 5;
export const SUGERENCIAS_CATEGORIAS = 3;
export const SUGERENCIAS_PALABRAS = 3;
/** Businesses (and promotions) the index gives before the ranking: a common prefix reads these, not every match. */
export const SUGERENCIA_CANDIDATES = 80;
export const SUGERENCIA_PROMO_CANDIDATES = 100;
const SUGERENCIA_CATEGORY_CANDIDATES = 8;
/**
 * Every suggestion statement's timeout: a suggestion is worth nothing late. Past it the answer is the search's
 * Spanish 503 (not cached), and the box shows no list.
 */
const SUGERENCIAS_TIMEOUT_MS = 50;
/**
 * The typo-forgiving lookup needs a word of four letters or digits or more: shorter prefixes are similar to too
 * many words to be worth its cost (pg_trgm reads letters and digits only).
 */
const FUZZY_MIN_LENGTH = 4;
/** Promotion words too common to suggest on their own. */
const STOP_WORDS = new Set(['con', 'del', 'las', 'los', 'para', 'por', 'que', 'una', 'uno', 'tus', 'sus', 'mas']);

/** The typed word with LIKE's wildcards (and its escape) taken literally. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `LIKE` patterns of a folded word's start: at the start of the text, after a space, after a field's line break. */
function wordStartWhere(column: AnyColumn | SQL, word: string): SQL {
  const escaped = escapeLike(word);
  // Written as literal patterns with the word left of any wildcard, so pg_trgm reads it as a word start and asks
  // its index for the padded trigrams ("  p", " pa"): two letters are enough for an index lookup.
  return sql`(${column} LIKE ${`${escaped}%`} OR ${column} LIKE ${`% ${escaped}%`} OR ${column} LIKE ${`%\n${escaped}%`})`;
}

const everyWordStart = (column: AnyColumn | SQL, words: string[]) =>
  sql.join(
    words.map((w) => wordStartWhere(column, w)),
    sql` AND `,
  );

/**
 * What the trigram index is asked for each word: a word of three letters or more anywhere (one index scan of its
 * rarer trigrams, a few rows more than the word starts), a shorter one as a word start (its padded trigrams are the
 * only ones it has). The exact word starts are checked on the candidates.
 */
const indexLookup = (column: AnyColumn | SQL, words: string[]) =>
  sql.join(
    words.map((w) =>
      w.replace(/[^\p{L}\p{N}]/gu, '').length >= 3
        ? sql`${column} LIKE ${`%${escapeLike(w)}%`}`
        : wordStartWhere(column, w),
    ),
    sql` AND `,
  );

interface ComercioRow {
  id: number;
  nombre: string;
  categoria: string;
}

/**
 * Published businesses whose name or main category has a word starting with each typed word: names starting with
 * the first word first, then names holding the words, then businesses found by their category.
 */
export function comerciosQuery(words: string[], now: Date): SQL {
  return sql`SELECT ${comercios.id} AS id, ${comercios.nombre} AS nombre, ${comercios.categoria} AS categoria
    FROM (
      SELECT ${comercios.id} AS candidato FROM ${comercios}
      WHERE ${indexLookup(nombreCategoria, words)}
      LIMIT ${SUGERENCIA_CANDIDATES}
    ) AS candidatos
    JOIN ${comercios} ON ${comercios.id} = candidatos.candidato
    WHERE ${publishedWhere(now)} AND ${everyWordStart(nombreCategoria, words)}
    ORDER BY CASE WHEN ${comercios.sortName} LIKE ${`${escapeLike(words[0]!)}%`} THEN 0
        WHEN ${everyWordStart(comercios.sortName, words)} THEN 1 ELSE 2 END,
      ${comercios.destacado} DESC, ${comercios.sortName}, ${comercios.id}
    LIMIT ${SUGERENCIAS_COMERCIOS}`;
}

/**
 * The typo-forgiving lookup (as the search's, ADR 040): names or categories with a word similar to each typed one.
 * Exported, as the two other lookups, for bench/explain-sugerencias.ts.
 */
export function similarQuery(words: string[], limit: number, now: Date): SQL {
  const score = sql.join(
    words.map((w) => sql`word_similarity(${w}, ${nombreCategoria})`),
    sql` + `,
  );
  return sql`SELECT ${comercios.id} AS id, ${comercios.nombre} AS nombre, ${comercios.categoria} AS categoria
    FROM (
      SELECT ${comercios.id} AS candidato FROM ${comercios}
      WHERE ${sql.join(
        words.map((w) => sql`${nombreCategoria} %> ${w}`),
        sql` AND `,
      )}
      LIMIT ${SUGERENCIA_CANDIDATES}
    ) AS candidatos
    JOIN ${comercios} ON ${comercios.id} = candidatos.candidato
    WHERE ${publishedWhere(now)}
    ORDER BY ${score} DESC, ${comercios.destacado} DESC, ${comercios.sortName}, ${comercios.id}
    LIMIT ${limit}`;
}

/** Visible promotions of published businesses holding a word starting with each typed word (titles and discounts read). */
export function promocionesQuery(words: string[], now: Date): SQL {
  return sql`SELECT candidatas.titulo, candidatas.descuento
    FROM (
      SELECT ${promociones.comercioId} AS comercio_id, ${promociones.titulo} AS titulo,
        ${promociones.descuento} AS descuento
      FROM ${promociones}
      WHERE ${everyWordStart(promociones.searchText, words)} AND ${visiblePromotionWhere(now)}
      LIMIT ${SUGERENCIA_PROMO_CANDIDATES}
    ) AS candidatas
    JOIN ${comercios} ON ${comercios.id} = candidatas.comercio_id
    WHERE ${publishedWhere(now)}`;
}

const EDGE = /^[^\p{L}\p{N}$%]+|[^\p{L}\p{N}$%]+$/gu;

/**
 * The words of these promotions that complete the last typed word, most frequent first (ties alphabetical), each
 * as the typed words before it plus the completed word: a search for it finds those promotions' businesses.
 */
export function promotionWords(rows: Array<{ titulo: string; descuento: string }>, words: string[]): string[] {
  const last = words[words.length - 1]!;
  const counts = new Map<string, { shown: string; count: number }>();
  for (const row of rows)
    for (const token of `${row.titulo} ${row.descuento}`.split(/\s+/)) {
      const shown = token.replace(EDGE, '').toLocaleLowerCase('es');
      const folded = foldAccents(shown);
      if (folded.length < 3 || STOP_WORDS.has(folded) || !folded.startsWith(last)) continue;
      const seen = counts.get(folded);
      if (seen) seen.count++;
      else counts.set(folded, { shown, count: 1 });
    }
  const before = words.slice(0, -1).join(' ');
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || compareEs(a.shown, b.shown))
    .slice(0, SUGERENCIAS_PALABRAS)
    .map(({ shown }) => (before ? `${before} ${shown}` : shown));
}

/** The categories with a word starting with each typed word, in the given order. */
export function matchingCategorias(categorias: readonly string[], words: string[]): string[] {
  return categorias.filter((c) => {
    const own = foldAccents(c).split(/[^\p{L}\p{N}]+/u);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  });
}

/**
 * Which of these categories some published business has, in their order, at most SUGERENCIAS_CATEGORIAS: one
 * index probe each (comercios_categorias_gin), not a read of every business's categories.
 */
export function publishedCategoriasQuery(categorias: readonly string[], now: Date): SQL {
  return sql.join(
    categorias.map(
      (c, i) =>
        sql`(SELECT ${c}::text AS categoria, ${i} AS orden WHERE EXISTS (
          SELECT 1 FROM ${comercios} WHERE ${comercios.categorias} @> ARRAY[${c}]::text[] AND ${publishedWhere(now)}))`,
    ),
    sql` UNION ALL `,
  );
}

/**
 * The suggestions for the typed text: businesses (typo-forgiving when none starts that way), then the spec's
 * categories some published business has, then promotion words. Callable on its own, as the benches do.
 */
export async function listSugerencias(db: Db, q: string, now: Date): Promise<SugerenciasAnswer> {
  const words = sugerenciaWords(q);
  if (words.length === 0) return { items: [] };
  // A few candidates are enough for three suggestions (two letters can start many categories).
  const categorias = matchingCategorias(CATEGORIAS, words).slice(0, SUGERENCIA_CATEGORY_CANDIDATES);
  const found = await inSearchTransaction(
    db,
    async (tx) => {
      const byStart = await queryRows<ComercioRow>(tx, comerciosQuery(words, now));
      const promos = await queryRows<{ titulo: string; descuento: string }>(tx, promocionesQuery(words, now));
      const published = categorias.length
        ? await queryRows<{ categoria: string; orden: number }>(tx, publishedCategoriasQuery(categorias, now))
        : [];
      const long = words.filter((w) => w.replace(/[^\p{L}\p{N}]/gu, '').length >= FUZZY_MIN_LENGTH);
      // Only when nothing starts that way, as in the search (ADR 040): after real matches (a promotion's word, a
      // category), similar words were mostly noise. Last: its savepoint resets the timeout to the search's.
      const similar =
        byStart.length === 0 && published.length === 0 && promotionWords(promos, words).length === 0 && long.length > 0
          ? await optionalFuzzy(tx, (inner) =>
              queryRows<ComercioRow>(inner, similarQuery(long, SUGERENCIAS_COMERCIOS, now)),
            )
          : null;
      const shown = published
        .sort((a, b) => Number(a.orden) - Number(b.orden))
        .slice(0, SUGERENCIAS_CATEGORIAS)
        .map((r) => r.categoria);
      return { comercios: [...byStart, ...(similar ?? [])], promos, categorias: shown };
    },
    SUGERENCIAS_TIMEOUT_MS,
  );
  const items: Sugerencia[] = [
    ...found.comercios.map((r) => ({
      tipo: 'comercio' as const,
      id: Number(r.id),
      nombre: r.nombre,
      categoria: r.categoria,
    })),
    ...found.categorias.map((nombre) => ({ tipo: 'categoria' as const, nombre })),
    ...promotionWords(found.promos, words).map((texto) => ({ tipo: 'palabra' as const, texto })),
  ];
  return { items };
}
