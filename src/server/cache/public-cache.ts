/**
 * Public reads (lists, categories, featured promotions, a business page) cached in memory, keyed by URL.
 * Every write that can change what the public sees clears it, here and, through PostgreSQL's LISTEN/NOTIFY,
 * on every other instance. A short time-to-live covers what changes with the clock alone: a publication or a
 * promotion expiring while nobody writes.
 */
export class PublicCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  /** Reads being computed: concurrent misses for one key share a single database query. */
  private readonly pending = new Map<string, { generation: number; promise: Promise<unknown> }>();
  /** Bumped on every clear, so a read computed before a write is never stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 2_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.clock()) return hit.value as T;
    if (this.ttlMs === 0) return compute();
    const inFlight = this.pending.get(key);
    if (inFlight && inFlight.generation === this.generation) return inFlight.promise as Promise<T>;
    const generation = this.generation;
    const promise = compute();
    this.pending.set(key, { generation, promise });
    try {
      const value = await promise;
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { value, expires: this.clock() + this.ttlMs });
      }
      return value;
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
