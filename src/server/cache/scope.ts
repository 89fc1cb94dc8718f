import { isPublished, type PaymentFields } from '#shared/rules/publication';

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
}

export type CacheScope =
  /** One business's public page. */
  | { kind: 'detalle'; id: number }
  /** A page of the business grid; `q` is the search already folded as the database folds it. */
  | { kind: 'comercios'; q?: string; categoria?: string; localidad?: string }
  | { kind: 'comercio-categorias' }
  /** A page of visible promotions, optionally of one category. */
  | { kind: 'promociones'; categoria?: string | undefined; localidad?: string | undefined }
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
    };

type SnapshotRow = PaymentFields & {
  categorias: string[];
  localidad: string;
  destacado: boolean;
  searchText?: string | null;
};

export function snapshotOf(row: SnapshotRow, now: Date): ComercioSnapshot {
  return {
    published: isPublished(row, now),
    categorias: row.categorias,
    localidad: row.localidad,
    destacado: row.destacado,
    searchText: row.searchText ?? null,
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

/** Whether an answer of this scope could differ after the change. Errs on the side of clearing. */
export function affects(scope: CacheScope, change: ComercioChange): boolean {
  const { before, after } = change;
  switch (scope.kind) {
    case 'detalle':
      return scope.id === change.id;
    case 'comercios':
      // A search also matches the texts of visible promotions (ADR 007), which snapshots do not carry: any
      // change to a published business that passes the other filters may change a search's answer.
      if (scope.q !== undefined) {
        const unsearched = { ...scope, q: undefined };
        return inGrid(before, unsearched) || inGrid(after, unsearched);
      }
      // Cards show no promotions, so a promotions-only edit leaves an unsearched grid alone.
      return change.comercio && (inGrid(before, scope) || inGrid(after, scope));
    case 'comercio-categorias':
      if (Boolean(before?.published) !== Boolean(after?.published)) return true;
      return Boolean(before && after && after.published && !sameSet(before.categorias, after.categorias));
    case 'promociones':
      return fits(before, scope) || fits(after, scope);
    case 'promocion-categorias':
      return isPublicChange(change);
    case 'sitemap':
      // Promotions are not listed (a page's lastmod is the business's own edit or payment).
      return isPublicChange(change) && (change.comercio || Boolean(before?.published) !== Boolean(after?.published));
    case 'destacadas':
      if (!isPublicChange(change)) return false;
      if (!scope.ids.includes(change.id) && !fits(before, scope) && !fits(after, scope)) return false;
      return scope.ids.includes(change.id) || !scope.onlyFeatured || Boolean(before?.destacado || after?.destacado);
  }
}
