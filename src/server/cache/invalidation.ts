import type pg from 'pg';
import type { PublicCache } from './public-cache';

export const CHANNEL = 'vidriera_public_changed';

export interface PublicChanges {
  /** Call after a write that the public can see has committed. */
  changed(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite is one process: clearing our own cache is all there is to do. */
export function localChanges(cache: PublicCache): PublicChanges {
  return { changed: async () => cache.clear(), close: async () => undefined };
}

/**
 * On a PostgreSQL server every instance LISTENs on one channel and clears its cache when any instance
 * NOTIFYs after a write. The listening connection reconnects if it drops (and clears, having missed news).
 */
export async function postgresChanges(pool: pg.Pool, cache: PublicCache, log: (msg: string, err?: unknown) => void): Promise<PublicChanges> {
  let client: pg.PoolClient | null = null;
  let closed = false;

  const listen = async (): Promise<void> => {
    try {
      client = await pool.connect();
      client.on('notification', () => cache.clear());
      client.on('error', (err) => {
        log('cache invalidation listener lost its connection', err);
        client?.release(true);
        client = null;
        cache.clear();
        if (!closed) setTimeout(() => void listen(), 1000).unref();
      });
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      log('cache invalidation listener could not start', err);
      client?.release(true);
      client = null;
      if (!closed) setTimeout(() => void listen(), 1000).unref();
    }
  };
  await listen();

  return {
    changed: async () => {
      cache.clear();
      await pool.query(`NOTIFY ${CHANNEL}`);
    },
    close: async () => {
      closed = true;
      if (client) {
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}
