import { sql, type SQL } from 'drizzle-orm';
import { mendozaClock, mendozaDate } from '#shared/rules/dates';
import { queryRows, type Db } from '#server/db/client';
import { comercios } from '#server/db/schema';
import type { PublicCache } from '#server/cache/public-cache';

/**
 * "Abierto ahora" (ADR 045). The database keeps each business's open minutes of the week (horario_semana, an
 * int4multirange the database reads from the per-day hours), so the filter is one containment test in SQL, with
 * the same clock (the app's `now`, in Mendoza time) for every filter of the request.
 */
const WEEK_MINUTES = 7 * 24 * 60;

/** Minutes since Monday 0:00 in Mendoza: where `now` falls in horario_semana's week. */
export function minuteOfWeek(now: Date): number {
  const { index, minutes } = mendozaClock(now);
  return index * 24 * 60 + minutes;
}

/** Businesses open at `now` (a business whose hours are not known never is: its column is null). */
export function abiertoWhere(now: Date): SQL {
  return sql`${comercios.horarioSemana} @> ${minuteOfWeek(now)}::int4`;
}

/**
 * Every minute of the week at which some business opens or closes, ascending. Read over every business with known
 * hours, published or not: a superset of the published ones' is only ever safe (a key changes more often).
 */
export async function hourBoundaries(db: Db): Promise<number[]> {
  const rows = await queryRows<{ b: number | string }>(
    db,
    sql`SELECT DISTINCT b FROM ${comercios}, unnest(${comercios.horarioSemana}) AS r,
          LATERAL (VALUES (lower(r)), (upper(r))) AS v(b)
        ORDER BY b`,
  );
  return rows.map((r) => Number(r.b) % WEEK_MINUTES).sort((a, b) => a - b);
}

/**
 * The stretch of time `now` is in, between two boundaries of hourBoundaries(): no business opens or closes
 * within it, so every "Abierto ahora" answer holds until it ends. Named by the Mendoza date and the minute of the
 * week it began ("2026-11-23@1020"; "@-1" when it began before Monday 0:00), for cache keys.
 */
export function openWindow(boundaries: readonly number[], now: Date): string {
  const minute = minuteOfWeek(now);
  let start = -1;
  for (const b of boundaries) {
    if (b > minute) break;
    start = b;
  }
  return `${mendozaDate(now)}@${start}`;
}

/** The boundaries in a horario_semana text ("{[540,780),[1020,1260)}" → 540, 780, 1020, 1260). */
export function boundariesOf(horario: string | null): number[] {
  return [...(horario ?? '').matchAll(/\d+/g)].map((m) => Number(m[0]) % WEEK_MINUTES);
}

/**
 * One instance's boundaries: read from the database once (a scan of every business, dear at 100,000 of them), then
 * kept up to date from the changes the public cache hears of, as each write reports the business's new hours
 * (a boundary no business has any more only makes keys change more often, so none is taken out). A writer that did
 * not read the hours, or a cleared cache (a new day, the sample data loaded), reads them all again.
 */
class Boundaries {
  private loaded: Promise<number[]> | null = null;
  private readonly added = new Set<number>();

  constructor(
    private readonly db: Db,
    cache: PublicCache,
  ) {
    cache.watch((changes) => {
      if (!changes) return this.reset();
      for (const { after } of changes) {
        if (!after?.published) continue;
        if (after.horario === undefined) return this.reset();
        for (const b of boundariesOf(after.horario)) this.added.add(b);
      }
    });
  }

  private reset() {
    this.loaded = null;
    this.added.clear();
  }

  async list(): Promise<number[]> {
    const loading = (this.loaded ??= hourBoundaries(this.db));
    loading.catch(() => {
      if (this.loaded === loading) this.loaded = null;
    });
    const base = await loading;
    if (this.added.size === 0) return base;
    return [...new Set([...base, ...this.added])].sort((a, b) => a - b);
  }
}

const boundariesByCache = new WeakMap<PublicCache, Boundaries>();

/**
 * The open window's name, for the key of a cached "Abierto ahora" answer: the clock is one of its writers, and a
 * new window is a new key, so no such answer outlives the next opening or closing time. Undefined when the cache is
 * off (nothing is kept, so nothing to name).
 */
export async function cachedOpenWindow(
  deps: { db: Db; publicCache: PublicCache },
  now: Date,
): Promise<string | undefined> {
  if (!deps.publicCache.enabled) return undefined;
  let boundaries = boundariesByCache.get(deps.publicCache);
  if (!boundaries) {
    boundaries = new Boundaries(deps.db, deps.publicCache);
    boundariesByCache.set(deps.publicCache, boundaries);
  }
  return openWindow(await boundaries.list(), now);
}
