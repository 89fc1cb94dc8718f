import { describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache';
import type { CacheScope, ComercioChange, ComercioSnapshot } from './scope';

const detalle = (id: number): { scope: CacheScope } => ({ scope: { kind: 'detalle', id } });
const snap: ComercioSnapshot = {
  published: true,
  categorias: ['Bazar'],
  localidad: 'Capital',
  destacado: false,
  searchText: 'x',
};
const edit = (id: number): ComercioChange => ({ id, before: snap, after: snap, comercio: true, promociones: false });

/** A computation the test finishes by hand. */
function deferred<T>() {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('public cache', () => {
  it('asks admit() only before a miss its reader would compute, and computes nothing it refuses', async () => {
    const cache = new PublicCache();
    const asked: string[] = [];
    let refuse = false;
    const admit = (key: string) => async () => {
      asked.push(key);
      if (refuse) throw new Error('refused');
    };
    let computed = 0;
    const slow = deferred<number>();
    const read = (key: string, compute = async () => ++computed) =>
      cache.get(key, compute, { ...detalle(1), admit: admit(key) });

    expect(await read('a')).toBe(1); // a miss: asked
    expect(await read('a')).toBe(1); // a hit: not asked
    const first = read('b', () => slow.promise); // a miss: asked
    await Promise.resolve();
    const second = read('b'); // joins the computation under way: not asked again
    slow.resolve(7);
    expect([await first, await second]).toEqual([7, 7]);
    cache.invalidate([{ ...edit(1) }]);
    expect(await read('a')).toBe(2); // a recompute after a write: not asked
    refuse = true;
    await expect(read('c')).rejects.toThrow('refused');
    expect(await read('a')).toBe(2); // refused its misses, still served what the cache holds
    expect(asked).toEqual(['a', 'b', 'c']);
    expect(computed).toBe(2);
    expect(cache.stats().entries).toBe(2);
  });

  it('serves a computed value until it expires, then serves it once more while refreshing behind', async () => {
    let t = 0;
    let computed = 0;
    const cache = new PublicCache(1000, 1 << 20, () => t);
    const read = () => cache.get('k', async () => ++computed, detalle(1));
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    t = 1001; // expired by the clock alone: the old answer now, a new one computed behind
    expect(await read()).toBe(1);
    await Promise.resolve();
    expect(await read()).toBe(2);
    t = 5000; // expired long ago: the reader waits for a fresh answer
    expect(await read()).toBe(3);
  });

  it('marks stale only the answers a change touches', async () => {
    const cache = new PublicCache();
    let computed = 0;
    await cache.get('a', async () => ++computed, detalle(1));
    await cache.get('b', async () => ++computed, detalle(2));
    expect(cache.invalidate([edit(1)])).toBe(1);
    expect(await cache.get('a', async () => ++computed, detalle(1))).toBe(3);
    expect(await cache.get('b', async () => ++computed, detalle(2))).toBe(2);
  });

  it('after a write the first reader gets a fresh answer; readers during that refresh get the stale one', async () => {
    const cache = new PublicCache();
    await cache.get('k', async () => 'old', detalle(1));
    cache.invalidate([edit(1)]);
    const refresh = deferred<string>();
    const first = cache.get('k', () => refresh.promise, detalle(1));
    expect(await cache.get('k', async () => 'never', detalle(1))).toBe('old');
    refresh.resolve('new');
    expect(await first).toBe('new');
    expect(await cache.get('k', async () => 'never', detalle(1))).toBe('new');
    expect(cache.stats()).toMatchObject({ misses: 2, staleHits: 1, hits: 1 });
  });

  it('never throws away a computation a write overtakes: its readers get it, it is kept as stale, and the next reader recomputes', async () => {
    const cache = new PublicCache();
    const slow = deferred<string>();
    const before = cache.get('k', () => slow.promise, detalle(1));
    cache.invalidate([edit(1)]); // a write lands while the read is in flight
    const again = deferred<string>();
    const after = cache.get('k', () => again.promise, detalle(1)); // must not join the overtaken computation
    slow.resolve('before the write');
    expect(await before).toBe('before the write');
    // While the post-write computation runs, the overtaken answer is what we have.
    expect(await cache.get('k', async () => 'never', detalle(1))).toBe('before the write');
    again.resolve('after the write');
    expect(await after).toBe('after the write');
    expect(await cache.get('k', async () => 'never', detalle(1))).toBe('after the write');
  });

  it('a computation that finishes late never replaces a newer answer', async () => {
    const cache = new PublicCache();
    const slow = deferred<string>();
    const old = cache.get('k', () => slow.promise, detalle(1));
    cache.invalidate([edit(1)]);
    expect(await cache.get('k', async () => 'new', detalle(1))).toBe('new');
    slow.resolve('old');
    await old;
    expect(await cache.get('k', async () => 'never', detalle(1))).toBe('new');
  });

  it('an edit of another business leaves an in-flight computation alone', async () => {
    const cache = new PublicCache();
    const slow = deferred<string>();
    const read = cache.get('k', () => slow.promise, detalle(1));
    cache.invalidate([edit(2)]);
    slow.resolve('v');
    await read;
    expect(await cache.get('k', async () => 'never', detalle(1))).toBe('v');
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new PublicCache();
    let computed = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++computed), 20));
    const results = await Promise.all([
      cache.get('k', slow, detalle(1)),
      cache.get('k', slow, detalle(1)),
      cache.get('k', slow, detalle(1)),
    ]);
    expect(results).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
    expect(cache.stats()).toMatchObject({ misses: 1, shared: 2 });
  });

  it('stays within its bytes, dropping the least recently used answer first', async () => {
    // Each entry: key (1) + 200 overhead + 300 = 501 bytes; three fit in 1,600.
    const cache = new PublicCache(10_000, 1_600);
    const put = (k: string) => cache.get(k, async () => k, { ...detalle(1), sizeOf: () => 300 });
    for (const k of ['a', 'b', 'c']) await put(k);
    await put('a'); // a is now the most recently used
    await put('d');
    expect(cache.size).toBe(3);
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_600);
    let recomputed = false;
    await cache.get('b', async () => ((recomputed = true), 'b'), detalle(1));
    expect(recomputed).toBe(true); // b was the least recently used
    recomputed = false;
    await cache.get('a', async () => ((recomputed = true), 'a'), detalle(1));
    expect(recomputed).toBe(false);
  });

  it('marks everything stale on clear, keeping the answers for readers during the refresh', async () => {
    const cache = new PublicCache();
    await cache.get('k', async () => 'old', detalle(1));
    cache.clear();
    expect(await cache.get('k', async () => 'new', detalle(1))).toBe('new');
  });

  it('reaches a business page by its id and tests the lists one by one, through replacements and evictions', async () => {
    // Each entry: key (1–2) + 200 overhead + 100 bytes; about ten fit in 3,100.
    const cache = new PublicCache(10_000, 3_100);
    const put = (k: string, scope: CacheScope, value = k) =>
      cache.get(k, async () => value, { scope, sizeOf: () => 100 });
    const grid: CacheScope = { kind: 'comercios', categoria: 'Bazar' };
    await put('a', detalle(1).scope);
    await put('b', detalle(2).scope);
    await put('g', grid);
    // Business 1's change: its page and the Bazar grid it is in; business 2's page is untouched.
    expect(cache.invalidate([edit(1)])).toBe(2);
    // Recomputed (replacing the stale answers): each key is still found exactly once.
    await put('a', detalle(1).scope, 'a2');
    await put('g', grid, 'g2');
    expect(cache.invalidate([edit(1)])).toBe(2);
    // Evicted by newer answers: a change finds nothing to mark for keys no longer kept.
    for (let i = 0; i < 12; i++) await put(`x${i}`, detalle(100 + i).scope);
    expect(cache.size).toBeLessThan(12);
    expect(cache.invalidate([edit(1)])).toBe(0);
    expect(cache.invalidate([edit(111)])).toBe(1);
  });

  it('tests only the lists under the filters the business passes, before or after the change', async () => {
    const cache = new PublicCache();
    const put = (k: string, scope: CacheScope) => cache.get(k, async () => k, { scope });
    await put('todos', { kind: 'comercios' });
    await put('bazar', { kind: 'comercios', categoria: 'Bazar' });
    await put('bazar-capital-busqueda', { kind: 'comercios', q: 'x', categoria: 'Bazar', localidad: 'Capital' });
    await put('promos-capital', { kind: 'promociones', localidad: 'Capital' });
    await put('ferreteria', { kind: 'comercios', categoria: 'Ferretería' });
    await put('promos-godoy-cruz', { kind: 'promociones', localidad: 'Godoy Cruz' });
    await put('ferreteria-godoy-cruz', { kind: 'comercios', categoria: 'Ferretería', localidad: 'Godoy Cruz' });
    // The first four: a Bazar in Capital is in each.
    expect(cache.invalidate([edit(1)])).toBe(4);
    // It moves to a Ferretería in Godoy Cruz: the lists it leaves were marked; now those it joins.
    const moved = { ...snap, categorias: ['Ferretería'], localidad: 'Godoy Cruz' };
    expect(cache.invalidate([{ ...edit(1), after: moved }])).toBe(3);
  });
});
