import { and, gt, isNull, lte, min, sql } from 'drizzle-orm';
import { PUBLICATION_DAYS } from '#shared/constants';
import { mendozaDate } from '#shared/rules/dates';
import type { Db } from '#server/db/client';
import { comercios } from '#server/db/schema';
import type { PublicCache } from './public-cache';
import { snapshotOf, type ComercioChange } from './scope';

/**
 * What changes with the clock alone, with no write to report it: a publication ends 30 × 24 h after its
 * payment, and at Mendoza midnight promotions expire (and "today" moves on). Each instance watches its own
 * clock and marks stale exactly what such a moment changes, as a write would. The cache's time-to-live
 * then only backs this up, and can be minutes instead of seconds (ADR 008, amendment 2).
 */
const PUBLICATION_MS = PUBLICATION_DAYS * 86_400_000;
/** Looks again at least this often (a payment recorded behind the app's back, a clock that jumped). */
const MAX_WAIT_MS = 60_000;

export interface ClockWatch {
  /** Applies what the clock changed since the last check (the timer calls it; tests call it directly). */
  check(): Promise<void>;
  /** When the next check is due, from the data. */
  nextCheckAt(): Promise<Date>;
  start(): void;
  stop(): void;
}

export function watchClock(opts: {
  db: Db;
  cache: PublicCache;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
}): ClockWatch {
  const { db, cache, now } = opts;
  let last = now();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;

  const check = async () => {
    const at = now();
    if (mendozaDate(at) !== mendozaDate(last)) {
      // A new day in Mendoza: every visible promotion list, page and search may differ.
      cache.clear();
    } else if (at > last) {
      // Publications that ended in (last, at]: paid in (last − 30 days, at − 30 days].
      const ended = await db
        .select()
        .from(comercios)
        .where(
          and(
            sql`${comercios.pagoStatus}`,
            isNull(comercios.ocultoMotivo),
            gt(comercios.fechaPago, new Date(last.getTime() - PUBLICATION_MS)),
            lte(comercios.fechaPago, new Date(at.getTime() - PUBLICATION_MS)),
          ),
        );
      const changes: ComercioChange[] = ended.map((row) => ({
        id: row.id,
        before: snapshotOf(row, last),
        after: snapshotOf(row, at),
        comercio: true,
        promociones: true,
      }));
      if (changes.length) cache.invalidate(changes);
    }
    last = at;
  };

  const nextCheckAt = async () => {
    const current = now();
    const midnight = nextMendozaMidnight(current);
    const [row] = await db
      .select({ first: min(comercios.fechaPago) })
      .from(comercios)
      .where(
        and(
          sql`${comercios.pagoStatus}`,
          isNull(comercios.ocultoMotivo),
          gt(comercios.fechaPago, new Date(current.getTime() - PUBLICATION_MS)),
        ),
      );
    const ends = row?.first ? new Date(row.first).getTime() + PUBLICATION_MS : Infinity;
    return new Date(Math.min(midnight.getTime(), ends, current.getTime() + MAX_WAIT_MS));
  };

  const schedule = () => {
    if (stopped) return;
    nextCheckAt()
      .then((due) => {
        if (stopped) return;
        timer = setTimeout(
          () => {
            timer = null;
            check()
              .catch((err: unknown) => {
                // Unsure what changed: everything may have.
                cache.clear();
                opts.log('could not check what the clock changed', err);
              })
              .finally(schedule);
          },
          Math.max(0, due.getTime() - now().getTime()) + 5,
        );
        timer.unref();
      })
      .catch((err: unknown) => {
        opts.log('could not plan the next clock check', err);
        if (!stopped) timer = setTimeout(schedule, MAX_WAIT_MS).unref();
      });
  };

  return {
    check,
    nextCheckAt,
    start: () => {
      stopped = false;
      last = now();
      schedule();
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The next 00:00 in Mendoza (UTC−3 all year, no daylight saving). */
export function nextMendozaMidnight(at: Date): Date {
  const [y, m, d] = mendozaDate(at).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1, 3, 0, 0));
}
