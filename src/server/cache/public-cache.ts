import type { PublicCacheStats } from '#shared/contract';
import { LRUCache } from 'lru-cache';
import { affects, changeFilterKeys, filterKey, type CacheScope, type ComercioChange } from './scope';

/**
 * Public reads (lists, searches, categories, featured promotions, a business page) cached in memory under a
 * key built from the validated query, bounded by bytes and evicting the least recently used answer.
 *
 * Each answer carries its scope; a write marks stale only the answers its change could touch (scope.ts).
 * A stale answer is kept: the first reader after a write recomputes it (so it sees the write), and readers
 * arriving while that recompute runs get the stale answer at once instead of queueing (stale while
 * revalidating, one recompute per key). A recompute that a write overtakes is not thrown away either: its
 * readers get it and it is kept as the stale answer until the next recompute lands.
 * A time-to-live covers what changes with the clock alone (a publication or a promotion expiring).
 */

interface Entry {
  value: unknown;
  scope: CacheScope;
  bytes: number;
  /** Order in which its computation started: a later one never gets replaced by an earlier one. */
  seq: number;
  expires: number;
  /** A write touched it after its computation started. */
  invalidated: boolean;
}

interface Pending {
  promise: Promise<unknown>;
  /** Null until the value is known (the featured strip's scope depends on what it shows). */
  scope: CacheScope | null;
  seq: number;
  outdated: boolean;
}

export interface CacheOptions<T> {
  /** What the answer depends on; a function when it depends on the answer itself. */
  scope: CacheScope | ((value: T) => CacheScope);
  /** Approximate bytes the value holds in memory. */
  sizeOf?: (value: T) => number;
  /**
   * Asked before this request computes an answer that is neither held nor being computed (a miss it would pay
   * for); it throws to refuse (the per-address miss budget, ADR 048). Not asked for a recompute after a write.
   */
  admit?: () => Promise<void>;
}

/** The counters /api/health reports, as the contract declares them. */
export type CacheStats = PublicCacheStats;

/** Per-entry bookkeeping (key, objects, maps) on top of the value itself. */
const ENTRY_OVERHEAD_BYTES = 200;

const detalleBucket = (id: number) => `detalle ${id}`;
const listaBucket = (filter: string) => `lista ${filter}`;
/** The index bucket of an answer's key (see `buckets`); null for answers every write must test. */
function bucketOf(scope: CacheScope): string | null {
  if (scope.kind === 'detalle') return detalleBucket(scope.id);
  const filter = filterKey(scope);
  return filter === null ? null : listaBucket(filter);
}

export class PublicCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly pending = new Map<string, Pending>();
  private seq = 0;
  private counters = { hits: 0, staleHits: 0, shared: 0, misses: 0 };

  /**
   * Keys by what can touch them, so a write reaches its own answers without looking at the others:
   * - `detalle <id>`: the business pages (most of the entries under the realistic mix); walking every entry on
   *   each edit grew with the cache and held one core meanwhile.
   * - `lista <filter>`: the grid, search and promotions pages by their category and locality filter (scope.ts
   *   `filterKey`); a write tests only those its business could be in. Testing all of them sat on the edit's path
   *   and blocked every other request meanwhile (figures: docs/performance.md).
   */
  private readonly buckets = new Map<string, Set<string>>();
  /** Keys of every other answer, which a write must test one by one (scope.ts). */
  private readonly tested = new Set<string>();

  constructor(
    private readonly ttlMs = 10_000,
    maxBytes = 64 * 1024 * 1024,
    private readonly clock: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (e) => Math.max(1, e.bytes),
      // Evicted, or replaced by a newer answer (which store() indexes again).
      dispose: (entry, key) => this.unindex(key, entry.scope),
    });
  }

  private index(key: string, scope: CacheScope): void {
    const bucket = bucketOf(scope);
    if (bucket === null) return void this.tested.add(key);
    const keys = this.buckets.get(bucket);
    if (keys) keys.add(key);
    else this.buckets.set(bucket, new Set([key]));
  }

  private unindex(key: string, scope: CacheScope): void {
    const bucket = bucketOf(scope);
    if (bucket === null) return void this.tested.delete(key);
    const keys = this.buckets.get(bucket);
    keys?.delete(key);
    if (keys?.size === 0) this.buckets.delete(bucket);
  }

  /** False when answers are not kept (a time-to-live of 0): every get() computes. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  async get<T>(key: string, compute: () => Promise<T>, options: CacheOptions<T>): Promise<T> {
    if (this.ttlMs === 0) return compute();
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && !entry.invalidated && entry.expires > now) {
      this.counters.hits++;
      return entry.value as T;
    }
    const running = this.pending.get(key);
    if (running && !running.outdated) {
      // A recompute that will see every write we know of is under way.
      if (entry) {
        this.counters.staleHits++;
        return entry.value as T;
      }
      this.counters.shared++;
      return running.promise as Promise<T>;
    }
    if (!entry && options.admit) {
      // Asked again once admitted: another request may have started the same answer meanwhile.
      const { admit, ...admitted } = options;
      return admit().then(() => this.get(key, compute, admitted));
    }
    const refresh = this.refresh(key, compute, options);
    // Expired only by the clock (no write), and not long ago: answer now, refresh behind.
    if (entry && !entry.invalidated && entry.expires + this.ttlMs > now) {
      this.counters.staleHits++;
      refresh.catch(() => undefined);
      return entry.value as T;
    }
    this.counters.misses++;
    return refresh;
  }

  private refresh<T>(key: string, compute: () => Promise<T>, options: CacheOptions<T>): Promise<T> {
    const seq = ++this.seq;
    const record: Pending = {
      promise: Promise.resolve(),
      scope: typeof options.scope === 'function' ? null : options.scope,
      seq,
      outdated: false,
    };
    const promise = compute().then(
      (value) => {
        if (this.pending.get(key) === record) this.pending.delete(key);
        this.store(key, value, record, options);
        return value;
      },
      (err: unknown) => {
        if (this.pending.get(key) === record) this.pending.delete(key);
        throw err;
      },
    );
    record.promise = promise;
    this.pending.set(key, record);
    return promise;
  }

  private store<T>(key: string, value: T, record: Pending, options: CacheOptions<T>): void {
    const current = this.entries.peek(key);
    // Never replace an answer whose computation started later.
    if (current && current.seq > record.seq) return;
    const scope = typeof options.scope === 'function' ? options.scope(value) : options.scope;
    const bytes = key.length + ENTRY_OVERHEAD_BYTES + (options.sizeOf ? options.sizeOf(value) : 0);
    // Overtaken by a write while computing: still newer than what we had, so kept, but as stale.
    this.entries.set(key, {
      value,
      scope,
      bytes,
      seq: record.seq,
      expires: this.clock() + this.ttlMs,
      invalidated: record.outdated,
    });
    // Only if it was kept (an answer bigger than the whole cache is not).
    if (this.entries.has(key)) this.index(key, scope);
  }

  private readonly watchers = new Set<(changes: ComercioChange[] | null) => void>();

  /**
   * Tells `watcher` of every change this cache hears of, and null when it is cleared (everything may have
   * changed): for what is kept beside the answers and updated rather than recomputed ("Abierto ahora"'s boundaries).
   */
  watch(watcher: (changes: ComercioChange[] | null) => void): void {
    this.watchers.add(watcher);
  }

  /** Marks stale every answer these changes could touch, and every computation they overtake. */
  invalidate(changes: ComercioChange[]): number {
    for (const watcher of this.watchers) watcher(changes);
    let touched = 0;
    const mark = (entry: Entry | undefined) => {
      if (entry && !entry.invalidated) {
        entry.invalidated = true;
        touched++;
      }
    };
    // A 'detalle' answer is touched by changes to its own business only (scope.ts).
    for (const change of changes)
      for (const key of this.buckets.get(detalleBucket(change.id)) ?? []) mark(this.entries.peek(key));
    const test = (keys: Iterable<string>) => {
      for (const key of keys) {
        const entry = this.entries.peek(key);
        if (entry && !entry.invalidated && changes.some((c) => affects(entry.scope, c))) mark(entry);
      }
    };
    // Lists only under the filters the changed businesses pass, before or after (scope.ts `changeFilterKeys`).
    for (const filter of new Set(changes.flatMap((c) => [...changeFilterKeys(c)])))
      test(this.buckets.get(listaBucket(filter)) ?? []);
    test(this.tested);
    for (const running of this.pending.values()) {
      if (!running.scope || changes.some((c) => affects(running.scope!, c))) running.outdated = true;
    }
    return touched;
  }

  /** Marks everything stale (the sample data was loaded, or news from other instances may have been missed). */
  clear(): void {
    for (const watcher of this.watchers) watcher(null);
    for (const entry of this.entries.values()) entry.invalidated = true;
    for (const running of this.pending.values()) running.outdated = true;
  }

  stats(): CacheStats {
    return { ...this.counters, entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  get size(): number {
    return this.entries.size;
  }
}
