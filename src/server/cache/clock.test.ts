import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, useTestDatabase } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { nextMendozaMidnight, watchClock } from './clock';
import { PublicCache } from './public-cache';
import type { CacheScope } from './scope';

// Noon in Mendoza (UTC−3).
const NOON = new Date('2026-11-20T15:00:00Z');

describe('the clock as a writer', () => {
  it('knows the next Mendoza midnight', () => {
    expect(nextMendozaMidnight(NOON).toISOString()).toBe('2026-11-21T03:00:00.000Z');
    expect(nextMendozaMidnight(new Date('2026-11-21T02:59:59Z')).toISOString()).toBe('2026-11-21T03:00:00.000Z');
    expect(nextMendozaMidnight(new Date('2026-11-21T03:00:00Z')).toISOString()).toBe('2026-11-22T03:00:00.000Z');
  });
});

describe.each(DATABASE_KINDS)('what the clock changes, on %s', (kind) => {
  const ctx = useTestDatabase(kind);

  it('a publication ending marks stale its answers only; Mendoza midnight marks everything stale', async () => {
    let now = NOON;
    // A's 30 days end 30 s from now; B was paid yesterday.
    const a = await insertComercio(ctx.database.db, NOON, { nombre: 'A', pagadoHaceDias: 30 - 30 / 86_400 });
    const b = await insertComercio(ctx.database.db, NOON, { nombre: 'B', pagadoHaceDias: 1 });
    const cache = new PublicCache(3_600_000);
    const scopes: Record<string, CacheScope> = {
      a: { kind: 'detalle', id: a },
      b: { kind: 'detalle', id: b },
      grid: { kind: 'comercios', ids: [a, b] },
      other: { kind: 'comercios', categoria: 'Bazar', ids: [] },
    };
    let version = 'old';
    const read = (key: string) => cache.get(key, async () => version, { scope: scopes[key]! });
    for (const key of Object.keys(scopes)) await read(key);
    version = 'new';

    const watch = watchClock({ db: ctx.database.db, cache, now: () => now, log: () => undefined });
    // Due when A's publication ends (sooner than midnight and than the minute's look).
    expect((await watch.nextCheckAt()).getTime()).toBeCloseTo(NOON.getTime() + 30_000, -2);

    now = new Date(NOON.getTime() + 20_000);
    await watch.check();
    expect(await read('a')).toBe('old');

    now = new Date(NOON.getTime() + 31_000);
    await watch.check();
    expect(await read('a')).toBe('new');
    expect(await read('grid')).toBe('new');
    expect(await read('b')).toBe('old');
    expect(await read('other')).toBe('old');

    now = new Date('2026-11-21T03:00:01Z');
    await watch.check();
    expect(await read('b')).toBe('new');
    expect(await read('other')).toBe('new');
  });
});
