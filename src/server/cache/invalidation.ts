import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PublicCache } from './public-cache';
import { isPublicChange, type ComercioChange } from './scope';

export const CHANNEL = 'vidriera_public_changed';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

export interface PublicChanges {
  /**
   * Call after a write has committed, with what it changed; without changes, everything public may have
   * changed (sample data loaded). The local cache is updated before this returns.
   */
  changed(changes?: ComercioChange[]): Promise<void>;
  close(): Promise<void>;
}

/** PGlite is one process: updating our own cache is all there is to do. */
export function localChanges(cache: PublicCache): PublicChanges {
  return {
    changed: async (changes) => {
      if (!changes) cache.clear();
      else cache.invalidate(changes.filter(isPublicChange));
    },
    close: async () => undefined,
  };
}

/** What one NOTIFY carries: who sent it (so it can skip its own) and the changes, or `all`. */
interface Message {
  from: string;
  all?: true;
  changes?: ComercioChange[];
}

/** Splits changes into NOTIFY payloads under PostgreSQL's limit; a change too big alone drops its search text. */
export function encodeMessages(from: string, changes: ComercioChange[] | 'all'): string[] {
  if (changes === 'all') return [JSON.stringify({ from, all: true } satisfies Message)];
  const payloads: string[] = [];
  let batch: ComercioChange[] = [];
  const encode = (list: ComercioChange[]) => JSON.stringify({ from, changes: list } satisfies Message);
  for (let change of changes) {
    if (Buffer.byteLength(encode([change])) > MAX_PAYLOAD_BYTES) {
      // Without its text the change matches every search: more is cleared, never less.
      const strip = (s: ComercioChange['before']) => (s ? { ...s, searchText: null, promoTexts: null } : null);
      change = { ...change, before: strip(change.before), after: strip(change.after) };
    }
    if (batch.length && Buffer.byteLength(encode([...batch, change])) > MAX_PAYLOAD_BYTES) {
      payloads.push(encode(batch));
      batch = [];
    }
    batch.push(change);
  }
  if (batch.length) payloads.push(encode(batch));
  return payloads;
}

export interface PostgresChangesOptions {
  /** Writes within this window go out in one NOTIFY (the README promises visibility within a second). */
  batchMs?: number;
  /** Wait between attempts to listen again after an attempt failed (the first attempt after a loss is at once). */
  retryMs?: number;
  log: (msg: string, err?: unknown) => void;
}

/**
 * On a PostgreSQL server every instance LISTENs on one channel. A write updates the writer's cache at once
 * and is announced to the others in batches; each instance skips its own announcements.
 *
 * The listening connection reconnects if it drops. Announcements sent while nobody listened are lost for good,
 * so everything is marked stale twice: when the loss is noticed, and again once LISTEN is in force on the new
 * connection. The second is what matters: answers computed in between (from reads that could precede a write
 * nobody told us about) are kept only until it, and every answer computed after it either read the database
 * after LISTEN took effect or is marked stale by the next announcement.
 */
export async function postgresChanges(
  pool: pg.Pool,
  cache: PublicCache,
  options: PostgresChangesOptions,
): Promise<PublicChanges> {
  const { batchMs = 100, retryMs = 1000, log } = options;
  const instance = randomUUID();
  let client: pg.PoolClient | null = null;
  let closed = false;
  let queued: ComercioChange[] | 'all' | null = null;
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();

  const receive = (payload: string | undefined) => {
    let message: Message;
    try {
      message = JSON.parse(payload ?? '') as Message;
    } catch {
      cache.clear(); // an announcement we cannot read: assume the worst
      return;
    }
    if (message.from === instance) return;
    if (message.all || !message.changes) cache.clear();
    else cache.invalidate(message.changes);
  };

  const retry = (delayMs: number) => {
    if (!closed) setTimeout(() => void listen(), delayMs).unref();
  };

  const listen = async (): Promise<void> => {
    let own: pg.PoolClient | null = null;
    let established = false;
    // A dropped connection reports more than once (the server's error, then the socket's end): handled once.
    let lost = false;
    const drop = (err: unknown, msg: string) => {
      if (lost || closed) return;
      lost = true;
      log(msg, err);
      if (client === own) client = null;
      own?.release(true);
      cache.clear();
      // A connection that worked is replaced at once; one that could not be made is tried again later.
      retry(established ? 0 : retryMs);
    };
    try {
      own = await pool.connect();
      own.on('notification', (msg) => receive(msg.payload));
      own.on('error', (err) => drop(err, 'cache invalidation listener lost its connection'));
      client = own;
      await own.query(`LISTEN ${CHANNEL}`);
      if (lost || closed) return;
      established = true;
      // Listening again after a loss (or for the first time): anything cached so far may predate a write whose
      // announcement nobody received.
      cache.clear();
    } catch (err) {
      drop(err, 'cache invalidation listener could not start');
    }
  };
  await listen();

  const flush = () => {
    timer = null;
    const batch = queued;
    queued = null;
    if (!batch) return sending;
    sending = sending.then(async () => {
      for (const payload of encodeMessages(instance, batch)) {
        await pool
          .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
          .catch((err: unknown) => log('could not announce a public change to other instances', err));
      }
    });
    return sending;
  };

  return {
    changed: async (changes) => {
      const visible = changes?.filter(isPublicChange);
      if (visible && !visible.length) return;
      if (visible) cache.invalidate(visible);
      else cache.clear();
      queued = queued === 'all' || !visible ? 'all' : [...(queued ?? []), ...visible];
      timer ??= setTimeout(() => void flush(), batchMs);
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await flush();
      if (client) {
        const own = client;
        client = null;
        await own.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        own.release();
      }
    },
  };
}
