import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Contador, Contadores } from '#shared/estadisticas';
import { emptyContadores } from '#shared/estadisticas';
import { mendozaDate } from '#shared/rules/dates';
import type { Db } from '#server/db/client';
import { publishedWhere } from '#server/comercios/published';

/** Known crawlers and link previewers, and scripted clients: not people. */
const BOT_UA =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp\/|telegrambot|discordbot|skypeuripreview|lighthouse|pagespeed|headlesschrome|phantomjs|python-requests|curl\/|wget\/|go-http-client|okhttp|java\/|axios\/|node-fetch|undici|autocannon/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_UA.test(userAgent);
}

export interface Visitor {
  ip: string;
  userAgent: string | undefined;
}

export interface StatsCounterOptions {
  db: Db;
  now: () => Date;
  /** false: nothing is counted (STATS_ENABLED=false; the bench compares both). */
  enabled?: boolean;
  /** Where a failed flush is reported (its counts are kept for the next one). */
  log?: (msg: string, err: unknown) => void;
  /** Where a full visitor set is reported (once a day). */
  warn?: (msg: string) => void;
  /**
   * Most (visitor, business, counter) entries remembered per Mendoza day (STATS_MAX_VISITORS_PER_DAY), and
   * as many (address, business, counter) tallies. Beyond it the least recently seen are forgotten (ADR 025):
   * memory stays bounded whoever sends taps, new visitors still count, and a forgotten one may count again.
   */
  maxVisitorsPerDay?: number;
}

const DAY_MS = 86_400_000;

/** About 100 bytes each (a 22-character hash, the id and the counter's name in a Set): ~10 MB. */
export const DEFAULT_MAX_VISITORS_PER_DAY = 100_000;

/**
 * Distinct browsers counted from one address per business, counter and day (ADR 025): a household or an office
 * behind one address counts as a few people, a script that rotates its User-Agent as no more.
 */
export const MAX_VISITORS_PER_ADDRESS = 3;

/**
 * The "address" a visitor is grouped by: an IPv4 address as is, an IPv6 address by its /64 prefix (one
 * household's or one server's subnet: its devices pick addresses inside it at will).
 */
export function addressGroup(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts views and taps in memory and adds them to the database every few seconds with one upsert per
 * business and day: the hot path never writes. A visitor is a salted hash of address and browser, kept only in
 * memory and only for the current Mendoza day (a new salt each day), so the same person counts once per business,
 * counter and day, and nobody can be followed from one day to the next. One address counts at most
 * MAX_VISITORS_PER_ADDRESS browsers per business, counter and day. A crash loses at most one interval.
 */
export class StatsCounter {
  private day = '';
  /** Mendoza midnight that started `day` (UTC−3 all year, no DST: ADR 002). */
  private dayStart = Number.NEGATIVE_INFINITY;
  private salt = randomBytes(32);
  /** Visitors counted today, least recently seen first (a Set keeps insertion order; a hit re-inserts). */
  private seen = new Set<string>();
  /** Browsers counted today per address, business and counter, least recently counted first. */
  private perAddress = new Map<string, number>();
  private pending = new Map<string, Contadores>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private full = false;

  constructor(private readonly opts: StatsCounterOptions) {}

  /** Counts one view or tap; returns whether it counted (false: a bot, or this visitor already counted today). */
  count(visitor: Visitor, comercioId: number, contador: Contador): boolean {
    if (this.opts.enabled === false || isBot(visitor.userAgent)) return false;
    const now = this.opts.now().getTime();
    if (now < this.dayStart || now >= this.dayStart + DAY_MS) {
      // A new day: a new salt, and yesterday's visitors are forgotten. (Only then is the Mendoza date formatted:
      // it cost about a third of a count.)
      this.day = mendozaDate(new Date(now));
      this.dayStart = new Date(`${this.day}T00:00:00-03:00`).getTime();
      this.salt = randomBytes(32);
      this.seen = new Set();
      this.perAddress = new Map();
      this.full = false;
    }
    const address = addressGroup(visitor.ip);
    const visitorId = createHash('sha256')
      .update(this.salt)
      .update(address)
      .update('\n')
      .update(visitor.userAgent ?? '')
      .digest('base64url')
      .slice(0, 22);
    const key = `${visitorId}:${comercioId}:${contador}`;
    if (this.seen.delete(key)) {
      this.seen.add(key); // seen again: the last to be forgotten
      return false;
    }
    const addressHash = createHash('sha256').update(this.salt).update(address).digest('base64url').slice(0, 22);
    const addressKey = `${addressHash}:${comercioId}:${contador}`;
    const fromAddress = this.perAddress.get(addressKey) ?? 0;
    // Not remembered either: a rotating User-Agent adds no entry past the address's few.
    if (fromAddress >= MAX_VISITORS_PER_ADDRESS) return false;
    const bucket = `${comercioId}|${this.day}`;
    // Taps name any id (unpublished ones are dropped at the flush): between two flushes at most as many
    // businesses as the day's cap, so neither memory nor the flush's queries grow without bound.
    if (!this.pending.has(bucket) && this.pending.size >= this.max) return false;
    this.perAddress.delete(addressKey);
    this.remember(this.perAddress, addressKey, fromAddress + 1);
    this.remember(this.seen, key);
    const counts = this.pending.get(bucket) ?? emptyContadores();
    counts[contador]++;
    this.pending.set(bucket, counts);
    return true;
  }

  private get max(): number {
    return this.opts.maxVisitorsPerDay ?? DEFAULT_MAX_VISITORS_PER_DAY;
  }

  /** Entries held for today (visitors and per-address tallies): what STATS_MAX_VISITORS_PER_DAY bounds. */
  get remembered(): number {
    return this.seen.size + this.perAddress.size;
  }

  /** Adds an entry, forgetting the least recently seen one when the day's cap is reached. */
  private remember(store: Set<string> | Map<string, number>, key: string, value = 0): void {
    const max = this.max;
    if (store.size >= max) {
      if (!this.full)
        this.opts.warn?.(
          `statistics: ${max} visitors counted today, the most kept in memory; the least recently seen are ` +
            'forgotten from now until midnight (Mendoza), so one of them may count twice',
        );
      this.full = true;
      const oldest = store.keys().next();
      if (!oldest.done) store.delete(oldest.value);
    }
    if (store instanceof Set) store.add(key);
    else store.set(key, value);
  }

  /**
   * Adds what was counted to the database, only for businesses published at the flush (the publication rule in
   * SQL): taps reported for an unpublished, hidden or deleted business are dropped here, so the hot path needs
   * no lookup. A view or tap in the last seconds before a publication ends may be dropped with them.
   */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.flush().catch((err: unknown) => this.opts.log?.('could not save the statistics; retrying', err));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing?.catch(() => undefined);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const published = publishedWhere(this.opts.now());
    try {
      for (const [bucket, c] of batch) {
        const [id, dia] = bucket.split('|') as [string, string];
        await this.opts.db.execute(sql`
          INSERT INTO estadisticas (comercio_id, dia, visitas, whatsapp, llamadas, como_llegar, compartidos)
          SELECT id, ${dia}::date, ${c.visitas}, ${c.whatsapp}, ${c.llamadas}, ${c.comoLlegar}, ${c.compartidos}
          FROM comercios WHERE id = ${Number(id)} AND ${published}
          ON CONFLICT (comercio_id, dia) DO UPDATE SET
            visitas = estadisticas.visitas + EXCLUDED.visitas,
            whatsapp = estadisticas.whatsapp + EXCLUDED.whatsapp,
            llamadas = estadisticas.llamadas + EXCLUDED.llamadas,
            como_llegar = estadisticas.como_llegar + EXCLUDED.como_llegar,
            compartidos = estadisticas.compartidos + EXCLUDED.compartidos`);
        batch.delete(bucket);
      }
    } finally {
      // What could not be written goes back, merged with what was counted meanwhile.
      for (const [bucket, c] of batch) {
        const current = this.pending.get(bucket) ?? emptyContadores();
        for (const k of Object.keys(c) as Contador[]) current[k] += c[k];
        this.pending.set(bucket, current);
      }
    }
  }
}
