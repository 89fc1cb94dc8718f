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

/**
 * Businesses open at `now` (a business whose hours are not known never is: its columns are null). The hour's test
 * is implied by the minute's; it is there for the planner (ADR 060), which can count the businesses with an open
 * minute in that hour but not those open at the minute, and so chooses between walking the grid's order (most
 * are open) and reading the few from comercios_horas_semana (the evening, the small hours).
 */
export function abiertoWhere(now: Date): SQL {
  const minute = minuteOfWeek(now);
  return sql`${comercios.horasSemana} @> ARRAY[${Math.floor(minute / 60)}::int4] AND ${comercios.horarioSemana} @> ${minute}::int4`;
}

/**
 * How many businesses have an open minute in each hour of the week (0 to 167), as the planner's statistics of
 * horas_semana tell it (ADR 060): the row count times the hour's share among the column's most common elements.
 * After the elements' own shares pg_stats lists the smallest of them; an hour not listed is rarer, and the planner
 * takes half that share, at most 0.5 % (PostgreSQL's array_selfuncs.c), as this does.
 */
export function openByHour(rows: number, elems: readonly number[], freqs: readonly number[]): number[] {
  const unlisted = Math.min(MISSING_ELEMENT_SHARE, (freqs[elems.length] ?? 0) / 2);
  return Array.from({ length: WEEK_MINUTES / 60 }, (_, hour) => {
    const at = elems.indexOf(hour);
    return Math.round(rows * (at >= 0 ? freqs[at]! : unlisted));
  });
}

/** PostgreSQL's DEFAULT_CONTAIN_SEL: the share it assumes at most for an array element its statistics do not list. */
const MISSING_ELEMENT_SHARE = 0.005;
/** Statistics change only when the table is analyzed: read them again after this long. */
const STATISTICS_TTL_MS = 10 * 60_000;
const statisticsByDb = new WeakMap<Db, { readAt: number; byHour: Promise<number[] | null> }>();

/**
 * openByHour() for `now`'s hour, from two catalog rows read at most every STATISTICS_TTL_MS per database. Null while
 * the database has no statistics of the column (a new install before autovacuum's first ANALYZE).
 */
export async function openInHourEstimate(db: Db, now: Date): Promise<number | null> {
  let cached = statisticsByDb.get(db);
  if (!cached || Date.now() - cached.readAt > STATISTICS_TTL_MS) {
    cached = { readAt: Date.now(), byHour: readOpenByHour(db) };
    statisticsByDb.set(db, cached);
    const reading = cached;
    reading.byHour.catch(() => {
      if (statisticsByDb.get(db) === reading) statisticsByDb.delete(db);
    });
  }
  const byHour = await cached.byHour;
  return byHour ? byHour[Math.floor(minuteOfWeek(now) / 60)]! : null;
}

async function readOpenByHour(db: Db): Promise<number[] | null> {
  // pg_stats' columns are of type anyarray: cast, both drivers hand back arrays of numbers.
  const [row] = await queryRows<{ filas: number | string; elems: number[] | null; freqs: number[] | null }>(
    db,
    sql`SELECT c.reltuples AS filas, s.most_common_elems::text::int4[] AS elems,
          s.most_common_elem_freqs::float8[] AS freqs
        FROM pg_class AS c
        LEFT JOIN pg_stats AS s ON s.schemaname = current_schema() AND s.tablename = 'comercios'
          AND s.attname = 'horas_semana'
        WHERE c.oid = to_regclass('comercios')`,
  );
  if (!row?.elems || !row.freqs) return null;
  return openByHour(Number(row.filas), row.elems.map(Number), row.freqs.map(Number));
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
