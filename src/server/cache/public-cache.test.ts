import { describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache';

describe('public cache', () => {
  it('serves a computed value until it expires', async () => {
    let t = 0;
    let computed = 0;
    const cache = new PublicCache(1000, 10, () => t);
    const read = () => cache.get('k', async () => ++computed);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    t = 1001;
    expect(await read()).toBe(2);
  });

  it('forgets everything on clear, and never stores a value computed before a clear', async () => {
    const cache = new PublicCache();
    let release: (v: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear(); // a write lands while the read is in flight
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new PublicCache();
    let computed = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++computed), 20));
    const results = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(results).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
  });

  it('stays bounded', async () => {
    const cache = new PublicCache(10_000, 3);
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, async () => k);
    expect(cache.size).toBe(3);
  });
});
