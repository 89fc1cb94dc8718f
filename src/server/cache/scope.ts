import { isPromotionExpired } from '#shared/rules/promocion';
import { isPublished, type PaymentFields } from '#shared/rules/publication';
import { searchTerms, type SearchTerm } from '#shared/busqueda';

/**
 * What a cached public answer depends on, and what a write changed: a write clears exactly the answers
 * whose scope it could touch (its business's page, the lists and searches it was or is in), never the rest.
 */

/** The fields of a business that decide which public answers it appears in. */
export interface ComercioSnapshot {
  published: boolean;
  categorias: string[];
  localidad: string;
  destacado: boolean;
  /** Folded search text (the column the search matches); null when unknown, which matches every search. */
  searchText: string | null;
  /**
   * Folded search texts of its visible promotions (a search matches them too, ADR 007); absent when the
   * writer did not read them, which makes the business match every search.
   */
  promoTexts?: string[] | null;
  /** The grid's sort key and pin: with categories, locality and featuring, where the business sits in a list. */
  sortName?: string | null;
  lat?: number | null;
  lng?: number | null;
  /**
   * Its open minutes of the week (the horario_semana column's text, ADR 045; null when its hours are not known);
   * absent when the writer did not read them, which counts as changed for "Abierto ahora" answers.
   */
  horario?: string | null;
}

export interface ComercioChange {
  id: number;
  /** The business before and after the write; null when it did not exist (created, deleted). */
  before: ComercioSnapshot | null;
  after: ComercioSnapshot | null;
  /** The business's own fields changed (name, categories…), not only its promotions. */
  comercio: boolean;
  /** Its promotions changed. */
  promociones: boolean;
  /** Its opinions changed (a write, an answer, a moderation): its page shows them (ADR 027). */
  opiniones?: boolean;
  /** Its rating or number of opinions changed: every card of it reads them, "Mejor valorados" sorts by them. */
  rating?: boolean;
}

export type CacheScope =
  /** One business's public page. */
  | { kind: 'detalle'; id: number }
  /**
   * A page of the business grid; `q` is the search already folded as the database folds it. `ids` are the
   * businesses the page shows, when known: an edit that moves no business between pages touches only those.
   */
  | {
      kind: 'comercios';
      q?: string;
      categoria?: string;
      localidad?: string;
      ids?: number[];
      /** Sorted "Mejor valorados": a rating change moves businesses between its pages. */
      orden?: 'valorados';
      /** The results map: pins carry no rating, so opinions never touch it. */
      pins?: true;
      /** Only businesses open now (ADR 045): a change of hours moves businesses in and out of it. */
      abierto?: true;
      /**
       * The words of `q` matched nothing as typed and the typo-forgiving search answered (ADR 040): its similarity
       * is the database's, so a change of any business within the filters may change the answer.
       */
      fuzzy?: true;
    }
  | { kind: 'comercio-categorias' }
  /** Suggestions as you type (ADR 046): names, categories and promotion words of the published businesses. */
  | { kind: 'sugerencias' }
  /** A page of visible promotions, optionally of one category; `ids` are the businesses its cards show. */
  | { kind: 'promociones'; categoria?: string | undefined; localidad?: string | undefined; ids?: number[] }
  | { kind: 'promocion-categorias' }
  /** The sitemap index and its pages: which businesses are published, their names (URLs) and edit times. */
  | { kind: 'sitemap' }
  /** The home strip: which businesses it shows, and whether featured businesses alone fill it. */
  | {
      kind: 'destacadas';
      ids: number[];
      onlyFeatured: boolean;
      categoria?: string | undefined;
      localidad?: string | undefined;
    }
  /** An answer built from several others (a server-rendered page): stale when any of them is. */
  | { kind: 'any'; scopes: CacheScope[] };

type SnapshotRow = PaymentFields & {
  categorias: string[];
  localidad: string;
  destacado: boolean;
  searchText?: string | null;
  sortName?: string | null;
  lat?: number | null;
  lng?: number | null;
  horarioSemana?: string | null;
};

interface PromotionRow {
  activa: boolean;
  fechaVencimiento: string;
  searchText: string | null;
}

/**
 * A business as the public lists see it. With its promotions (all of them, as stored), the snapshot also
 * knows which searches reach it through a promotion; without them it matches every search.
 */
export function snapshotOf(row: SnapshotRow, now: Date, promos?: PromotionRow[]): ComercioSnapshot {
  return {
    published: isPublished(row, now),
    categorias: row.categorias,
    localidad: row.localidad,
    destacado: row.destacado,
    searchText: row.searchText ?? null,
    ...(promos
      ? {
          // The visible ones only, by the rule the search itself applies (visiblePromotionWhere).
          promoTexts: promos
            .filter((p) => p.activa && !isPromotionExpired(p.fechaVencimiento, now))
            .map((p) => p.searchText ?? ''),
        }
      : {}),
    sortName: row.sortName ?? null,
    lat: row.lat ?? null,
    lng: row.lng ?? null,
    ...(row.horarioSemana !== undefined ? { horario: row.horarioSemana } : {}),
  };
}

/** Whether anyone but the owner could see this change (a draft's edits touch no public answer). */
export function isPublicChange(change: ComercioChange): boolean {
  return Boolean(change.before?.published || change.after?.published);
}

function inGrid(s: ComercioSnapshot | null, scope: Extract<CacheScope, { kind: 'comercios' }>): boolean {
  if (!s?.published) return false;
  if (scope.categoria !== undefined && !s.categorias.includes(scope.categoria)) return false;
  if (scope.localidad !== undefined && s.localidad !== scope.localidad) return false;
  return true;
}

/** Whether a published business passes a category and locality filter (promotions, featured strip). */
function fits(
  s: ComercioSnapshot | null,
  filters: { categoria?: string | undefined; localidad?: string | undefined },
): boolean {
  if (!s?.published) return false;
  if (filters.categoria !== undefined && !s.categorias.includes(filters.categoria)) return false;
  return filters.localidad === undefined || s.localidad === filters.localidad;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Published before and after, in the same categories and locality, with the same featuring, sort name and
 * pin: the business stays on the same page of every unsearched list, only its card may read differently.
 */
function inPlace({ before: b, after: a }: ComercioChange): boolean {
  return Boolean(
    b?.published &&
    a?.published &&
    b.sortName &&
    b.sortName === a.sortName &&
    sameSet(b.categorias, a.categorias) &&
    b.localidad === a.localidad &&
    b.destacado === a.destacado &&
    b.lat === a.lat &&
    b.lng === a.lng,
  );
}

/** The same open minutes of the week before and after, both read by the writer. */
function sameHours({ before: b, after: a }: ComercioChange): boolean {
  return b?.horario !== undefined && a?.horario !== undefined && b.horario === a.horario;
}

/** Each term found in the text, as typed or as one of its colloquial alternatives (termsWhere's twin). */
const holdsEvery = (text: string, terms: SearchTerm[]) => terms.every((alts) => alts.some((a) => text.includes(a)));

/**
 * How a search reaches a business: its own text (ranked first), only a promotion's, neither, or unknown. The search
 * matches each of its terms (ADR 040): in the business's own text, or all in one promotion.
 */
function searchMatch(s: ComercioSnapshot | null, q: string): 'text' | 'promo' | 'none' | 'unknown' {
  if (!s?.published) return 'none';
  if (s.searchText === null || !s.promoTexts) return 'unknown';
  const terms = searchTerms(q);
  if (holdsEvery(s.searchText, terms)) return 'text';
  return s.promoTexts.some((t) => holdsEvery(t, terms)) ? 'promo' : 'none';
}

/**
 * The category and locality filter of a list whose every answer depends only on businesses that pass it (the grid,
 * searches included, and the promotions pages): `affects()` is false for a change whose business passed it
 * neither before nor after. Other answers (business pages, category lists, the featured strip, pages built from
 * several answers) have no such filter: null.
 */
export function filterKey(scope: CacheScope): string | null {
  if (scope.kind !== 'comercios' && scope.kind !== 'promociones') return null;
  return `${scope.categoria ?? ''}\u0000${scope.localidad ?? ''}`;
}

/** Every `filterKey` of a list this change could touch: its business's categories and locality, before and after. */
export function changeFilterKeys(change: ComercioChange): Set<string> {
  const keys = new Set<string>();
  for (const s of [change.before, change.after]) {
    if (!s) continue;
    for (const categoria of ['', ...s.categorias])
      for (const localidad of ['', s.localidad]) keys.add(`${categoria}\u0000${localidad}`);
  }
  return keys;
}

/**
 * A change of a business's opinions alone (ADR 027): its page; when its stars or count moved, the grid pages
 * showing its card, and every "Mejor valorados" list it is in (its place there depends on them). Nothing else
 * shows opinions: promotions, the strip, categories, the sitemap and the map stay.
 */
function opinionsAffect(scope: CacheScope, change: ComercioChange): boolean {
  switch (scope.kind) {
    case 'any':
      return scope.scopes.some((s) => opinionsAffect(s, change));
    case 'detalle':
      return scope.id === change.id;
    case 'comercios': {
      if (scope.pins || !change.rating) return false;
      const reached = (s: ComercioSnapshot | null) =>
        inGrid(s, scope) && (scope.q === undefined || scope.fuzzy || searchMatch(s, scope.q) !== 'none');
      if (!reached(change.before) && !reached(change.after)) return false;
      if (scope.orden === 'valorados' || !scope.ids) return true;
      return scope.ids.includes(change.id);
    }
    default:
      return false;
  }
}

/** Whether an answer of this scope could differ after the change. Errs on the side of clearing. */
export function affects(scope: CacheScope, change: ComercioChange): boolean {
  const { before, after } = change;
  if (!change.comercio && !change.promociones && change.opiniones) return opinionsAffect(scope, change);
  switch (scope.kind) {
    case 'any':
      return scope.scopes.some((s) => affects(s, change));
    case 'detalle':
      return scope.id === change.id;
    case 'comercios': {
      // "Abierto ahora": new hours may move the business in or out of the list wherever it sits.
      const still = inPlace(change) && (!scope.abierto || sameHours(change));
      if (scope.q !== undefined && scope.fuzzy) return inGrid(before, scope) || inGrid(after, scope);
      if (scope.q !== undefined) {
        // inGrid reads the category and locality only: the search is matched here.
        const was = inGrid(before, scope) ? searchMatch(before, scope.q) : 'none';
        const is = inGrid(after, scope) ? searchMatch(after, scope.q) : 'none';
        if (was === 'none' && is === 'none') return false;
        // Reached the same way before and after, and in the same place: only the pages showing it change.
        if (was === is && was !== 'unknown' && still && scope.ids) return scope.ids.includes(change.id);
        return true;
      }
      // Cards show no promotions, so a promotions-only edit leaves an unsearched grid alone.
      if (!change.comercio) return false;
      if (scope.ids && still && inGrid(after, scope)) return scope.ids.includes(change.id);
      return inGrid(before, scope) || inGrid(after, scope);
    }
    case 'sugerencias':
      // Which text a suggestion completes to is the database's: any public change of a business may alter one.
      return isPublicChange(change);
    case 'comercio-categorias':
      if (Boolean(before?.published) !== Boolean(after?.published)) return true;
      return Boolean(before && after && after.published && !sameSet(before.categorias, after.categorias));
    case 'promociones':
      // Its promotions unchanged and the business still where it was: only cards of this business differ.
      if (!change.promociones && scope.ids && inPlace(change) && fits(after, scope))
        return scope.ids.includes(change.id);
      return fits(before, scope) || fits(after, scope);
    case 'promocion-categorias':
      return isPublicChange(change) && (change.promociones || !inPlace(change));
    case 'sitemap':
      // Promotions are not listed (a page's lastmod is the business's own edit or payment).
      return isPublicChange(change) && (change.comercio || Boolean(before?.published) !== Boolean(after?.published));
    case 'destacadas':
      if (!isPublicChange(change)) return false;
      // Which promotions the strip picks depends on them and on featuring, not on the rest of the card.
      if (!change.promociones && inPlace(change)) return scope.ids.includes(change.id);
      if (!scope.ids.includes(change.id) && !fits(before, scope) && !fits(after, scope)) return false;
      return scope.ids.includes(change.id) || !scope.onlyFeatured || Boolean(before?.destacado || after?.destacado);
  }
}
