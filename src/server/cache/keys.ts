import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { wantsOpenNow } from '#shared/busqueda';
import { mendozaDate } from '#shared/rules/dates';
import type { ComercioListQuery, FeaturedPromocionQuery, PromocionListQuery } from '#shared/schemas/queries';
import { queryRows, type Db } from '#server/db/client';
import type { CachedJson } from '#server/http/cached-json';
import type { CacheScope } from './scope';

/**
 * Cache keys are built from the validated query, in one fixed order, so `?page=1&q=pan`, `?q=pan&page=1`
 * and `?q=pan&r=<random>` share one answer and unknown parameters cannot flood the cache.
 */
export function comerciosKey(query: ComercioListQuery, abierto?: string): string {
  const { q, categoria, localidad, lat, lng, orden, page } = query;
  return `comercios?${params({ q, categoria, localidad, abierto: openKey(query, abierto), lat, lng, orden, page })}`;
}

/**
 * "Abierto ahora" (ADR 045) depends on the clock: its answers are keyed by the open window they were computed in
 * (cachedOpenWindow), so a new window, after any business opens or closes, is a new key.
 */
function openKey(query: { abierto?: true | undefined; q?: string | undefined }, window: string | undefined) {
  return wantsOpenNow(query) ? (window ?? '1') : undefined;
}

/**
 * A "today" answer changes at Mendoza midnight whatever the writes: its key carries the Mendoza date, so the
 * first request of a new day never gets yesterday's answer (the time-to-live alone would let it for a while).
 */
export function promocionesKey(query: PromocionListQuery, now: Date): string {
  return `promociones?${params({
    categoria: query.categoria,
    localidad: query.localidad,
    hoy: query.hoy ? mendozaDate(now) : undefined,
    pago: query.pago,
    banco: query.banco,
    dia: query.dia,
    page: query.page,
  })}`;
}

/** The strip prefers today's promotions, so it too is an answer of one Mendoza date. */
export function destacadasKey(filters: Omit<FeaturedPromocionQuery, 'hoy'> & { hoy?: boolean }, now: Date): string {
  const { categoria, localidad } = filters;
  return `promociones/destacadas?${params({ categoria, localidad, hoy: filters.hoy ? 1 : undefined, dia: mendozaDate(now) })}`;
}

/** The results map: the grid's filters, no page. */
export function mapaKey(query: Omit<ComercioListQuery, 'page'>, abierto?: string): string {
  const { q, categoria, localidad, lat, lng } = query;
  return `comercios/mapa?${params({ q, categoria, localidad, abierto: openKey(query, abierto), lat, lng })}`;
}

export const detalleKey = (id: number) => `comercio/${id}`;

function params(values: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) search.set(name, String(value));
  return search.toString();
}

/** The search text as the database folds it (vidriera_fold), so a write can tell which searches it touches. */
const folded = new LRUCache<string, string>({ max: 2_000 });

export async function foldSearch(db: Db, q: string): Promise<string> {
  const known = folded.get(q);
  if (known !== undefined) return known;
  const [row] = await queryRows<{ f: string }>(db, sql`SELECT vidriera_fold(${q}) AS f`);
  const value = row?.f ?? q;
  folded.set(q, value);
  return value;
}

export async function comerciosScope(
  db: Db,
  query: Omit<ComercioListQuery, 'page' | 'orden'> & { orden?: ComercioListQuery['orden'] },
): Promise<Extract<CacheScope, { kind: 'comercios' }>> {
  return {
    kind: 'comercios',
    ...(query.orden ? { orden: query.orden } : {}),
    ...(query.q ? { q: await foldSearch(db, query.q) } : {}),
    ...(query.categoria ? { categoria: query.categoria } : {}),
    ...(query.localidad ? { localidad: query.localidad } : {}),
    ...(wantsOpenNow(query) ? { abierto: true } : {}),
  };
}

/** Bytes a ready answer holds: its text plus room for its compressed copies (each well under the text). */
export const cachedJsonBytes = (entry: CachedJson | null) => (entry ? Math.ceil(entry.body.length * 1.6) : 0);
