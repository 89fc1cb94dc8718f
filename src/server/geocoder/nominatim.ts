import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { LugarEncontrado } from '#shared/contract';
import { isInsideMendoza, MENDOZA_BOUNDS } from '#shared/rules/geo';
/** The geocoder did not answer usefully (unreachable, slow, an error status, not its JSON). */
export class GeocoderUnavailable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`geocoder unavailable: ${reason}`, options);
  }
}

/** A place in Nominatim's `format=jsonv2` answer: coordinates come as strings. Other fields are ignored. */
const place = z.object({
  lat: z.coerce.number().refine(Number.isFinite),
  lon: z.coerce.number().refine(Number.isFinite),
  display_name: z.string().max(500),
});
const answer = z.array(z.unknown()).max(50);

export interface GeocoderOptions {
  /** Base URL of a Nominatim-compatible service (its /search endpoint is used). */
  url: string;
  /** Nominatim's policy: identify the application. */
  userAgent: string;
  timeoutMs?: number;
  /** Nominatim's public servers allow one request per second per application: requests queue to keep it. */
  minIntervalMs?: number;
  /** How many places to offer the owner. */
  limit?: number;
  now?: () => number;
}

/**
 * Forward geocoding restricted to Greater Mendoza (ADR 019): `viewbox` + `bounded=1` + `countrycodes=ar`, then
 * every result is checked against MENDOZA_BOUNDS anyway (a service may ignore the box). Answers are kept for a
 * day (the policy asks to cache), requests are spaced by `minIntervalMs` across the whole process, and a slow,
 * failing or garbled answer is a GeocoderUnavailable.
 */
export function createGeocoder(options: GeocoderOptions) {
  const { url, userAgent, timeoutMs = 5_000, minIntervalMs = 1_000, limit = 5, now = Date.now } = options;
  const cache = new LRUCache<string, LugarEncontrado[]>({ max: 500, ttl: 24 * 60 * 60 * 1000 });
  const inFlight = new Map<string, Promise<LugarEncontrado[]>>();
  let queue: Promise<unknown> = Promise.resolve();
  let lastSent = -Infinity;

  /**
   * Runs `task` after every earlier one, at least minIntervalMs after the previous request finished: counted
   * from its answer, not its departure, so the service sees the interval however long a request spent on the way.
   */
  function spaced<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = lastSent + minIntervalMs - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        return await task();
      } finally {
        lastSent = now();
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  async function request(q: string): Promise<LugarEncontrado[]> {
    const b = MENDOZA_BOUNDS;
    const search = new URL('search', url.endsWith('/') ? url : `${url}/`);
    search.search = new URLSearchParams({
      q,
      format: 'jsonv2',
      countrycodes: 'ar',
      viewbox: `${b.west},${b.north},${b.east},${b.south}`,
      bounded: '1',
      limit: String(limit),
      'accept-language': 'es',
    }).toString();
    let body: unknown;
    try {
      const res = await fetch(search, {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new GeocoderUnavailable(`status ${res.status}`);
      body = await res.json();
    } catch (err) {
      throw err instanceof GeocoderUnavailable ? err : new GeocoderUnavailable('request failed', { cause: err });
    }
    const rows = answer.safeParse(body);
    if (!rows.success) throw new GeocoderUnavailable('not a jsonv2 array');
    const found: LugarEncontrado[] = [];
    for (const row of rows.data) {
      const p = place.safeParse(row);
      if (!p.success) continue;
      const point = { lat: p.data.lat, lng: p.data.lon };
      if (isInsideMendoza(point)) found.push({ ...point, nombre: p.data.display_name });
    }
    return found.slice(0, limit);
  }

  return {
    async search(q: string): Promise<LugarEncontrado[]> {
      const key = q.toLowerCase().replace(/\s+/g, ' ');
      const known = cache.get(key);
      if (known) return known;
      // The same address asked twice at once (a double tap) is one request.
      let running = inFlight.get(key);
      if (!running) {
        running = spaced(() => request(q)).finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      const found = await running;
      cache.set(key, found);
      return found;
    },
  };
}
