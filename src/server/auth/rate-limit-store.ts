import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client';

/** Rows whose window ended this long ago are deleted (now and then, by whichever instance is counting). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface Hit {
  /** Attempts in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one attempt under `key` in the shared database: a fixed window that starts with the first attempt.
 * One atomic upsert, so concurrent instances never lose a count.
 */
export async function countAttempt(db: Db, key: string, windowMs: number, at: Date): Promise<Hit> {
  const now = at.toISOString();
  const resetAt = new Date(at.getTime() + windowMs).toISOString();
  const [row] = await queryRows<{ hits: number; reset_at: Date | string }>(
    db,
    sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${key}, 1, ${resetAt}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= ${now}::timestamptz THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now}::timestamptz THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING hits, reset_at`,
  );
  return { current: Number(row!.hits), ttl: Math.max(0, new Date(row!.reset_at).getTime() - at.getTime()) };
}

type Callback = (err: Error | null, result?: Hit) => void;

/**
 * A store for @fastify/rate-limit that keeps its counters in our database (table rate_limits) instead of
 * one process's memory: every instance on the database, and the next start, see the same counts.
 */
export function databaseRateLimitStore(db: Db, now: () => Date) {
  let lastSweep = 0;
  const sweep = (at: Date) => {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    db.execute(sql`DELETE FROM rate_limits WHERE reset_at < ${at.toISOString()}::timestamptz`).catch(() => {
      lastSweep = 0; // try again on a later attempt; a stale row is harmless (its window is over)
    });
  };
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      countAttempt(db, key, timeWindow, at).then(
        (hit) => callback(null, hit),
        (err: Error) => callback(err),
      );
      sweep(at);
    }

    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
