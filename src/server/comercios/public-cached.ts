import type { ComercioDetalle, ComercioPage } from '#shared/api';
import { wantsOpenNow } from '#shared/busqueda';
import { sugerenciaWords, type SugerenciasAnswer } from '#shared/sugerencias';
import type { Items } from '#shared/contract/shapes';
import type { ComercioListQuery } from '#shared/schemas/queries';
import { cachedJsonBytes, comerciosKey, comerciosScope, detalleKey } from '#server/cache/keys';
import type { CacheScope } from '#server/cache/scope';
import type { AppDeps } from '#server/deps';
import { toCachedJson, type CachedJson } from '#server/http/cached-json';
import { AppError } from '#server/http/errors';
import type { AdmitMiss } from '#server/http/miss-budget';
import { getComercioDetalle, listPublishedCategorias, listPublishedComercios } from './public-service';
import { cachedOpenWindow } from './abierto';
import { listSugerencias } from './sugerencias';

/**
 * The public business answers as the public cache keeps them: the API routes send them, server-rendered pages
 * (ADR 021) read the very same entries, so a page and its JSON are computed once and cleared together.
 */
type Deps = Pick<AppDeps, 'db' | 'publicCache' | 'now'>;

/**
 * A page of the grid (not "cerca mío": those skip the cache, ADR 013). The page's businesses are part of its scope:
 * an edit that moves nobody touches only pages showing it.
 */
export async function cachedComercioList(
  deps: Deps,
  query: ComercioListQuery,
  admit?: AdmitMiss,
): Promise<CachedJson<ComercioPage> & { scope: CacheScope }> {
  return deps.publicCache.get(
    comerciosKey(query, wantsOpenNow(query) ? await cachedOpenWindow(deps, deps.now()) : undefined),
    // The scope folds the words in the database: only for a miss the budget admitted (ADR 048).
    async (): Promise<CachedJson<ComercioPage> & { scope: CacheScope }> => {
      const scope = await comerciosScope(deps.db, query);
      const { fuzzy, ...page } = await listPublishedComercios(deps.db, query, deps.now());
      return {
        ...toCachedJson(page),
        scope: { ...scope, ids: page.items.map((c) => c.id), ...(fuzzy ? { fuzzy } : {}) },
      };
    },
    { scope: (value) => value.scope, sizeOf: cachedJsonBytes, admit },
  );
}

export function cachedComercioCategorias(deps: Deps): Promise<CachedJson<Items<string>>> {
  return deps.publicCache.get(
    'comercios/categorias',
    async () => toCachedJson({ items: await listPublishedCategorias(deps.db, deps.now()) }),
    { scope: { kind: 'comercio-categorias' }, sizeOf: cachedJsonBytes },
  );
}

/** A business page as the public sees it; null when it is unknown or hidden ("not found" is cached too). */
export function cachedComercioDetalle(
  deps: Deps,
  id: number,
  admit?: AdmitMiss,
): Promise<CachedJson<ComercioDetalle> | null> {
  return deps.publicCache.get(
    detalleKey(id),
    async () => {
      try {
        return toCachedJson(await getComercioDetalle(deps.db, id, null, deps.now()));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      }
    },
    { scope: { kind: 'detalle', id }, sizeOf: cachedJsonBytes, admit },
  );
}

/** Suggestions as you type (ADR 046), keyed by the folded words they match ("Pan", "pan " and "pán" are one entry). */
export async function cachedSugerencias(
  deps: Deps,
  q: string,
  admit?: AdmitMiss,
): Promise<CachedJson<SugerenciasAnswer>> {
  return deps.publicCache.get(
    `sugerencias?${new URLSearchParams({ q: sugerenciaWords(q).join(' ') }).toString()}`,
    async () => toCachedJson(await listSugerencias(deps.db, q, deps.now())),
    { scope: { kind: 'sugerencias' }, sizeOf: cachedJsonBytes, admit },
  );
}
