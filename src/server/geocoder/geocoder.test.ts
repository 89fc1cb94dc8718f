import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LugarEncontrado } from '#shared/contract';
import { createTestApp, signUp, type TestApp } from '#test/server/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test/server/databases';
import { nominatimPlace, startNominatimDouble } from '#test/server/nominatim-double';
import { createGeocoder } from './nominatim';
import { GEOCODER_FAILED, GEOCODER_OFF, GEOCODER_TOO_MANY } from './routes';

/** Colón 345 in Godoy Cruz, and a "Colón" street in Buenos Aires that a loose geocoder might add. */
const GODOY_CRUZ = nominatimPlace(-32.9262, -68.8435, 'Colón, Godoy Cruz, Mendoza, M5501, Argentina', 1);
const BUENOS_AIRES = nominatimPlace(-34.6037, -58.3816, 'Colón, Buenos Aires, Argentina', 2);

describe('the geocoder client (Nominatim wire format)', () => {
  let double: Awaited<ReturnType<typeof startNominatimDouble>>;
  beforeAll(async () => {
    double = await startNominatimDouble(() => [GODOY_CRUZ, BUENOS_AIRES]);
  });
  afterAll(() => double?.close());

  it('asks a bounded, Argentine, jsonv2 search with a User-Agent and keeps only places inside Greater Mendoza', async () => {
    const geocoder = createGeocoder({ url: double.url, userAgent: 'Vidriera/test', minIntervalMs: 0 });
    expect(await geocoder.search('Colón 345, Godoy Cruz')).toEqual([
      { lat: -32.9262, lng: -68.8435, nombre: 'Colón, Godoy Cruz, Mendoza, M5501, Argentina' },
    ]);
    const sent = double.requests.at(-1)!;
    expect(sent.url.pathname).toBe('/search');
    expect(Object.fromEntries(sent.url.searchParams)).toMatchObject({
      q: 'Colón 345, Godoy Cruz',
      format: 'jsonv2',
      countrycodes: 'ar',
      bounded: '1',
      viewbox: '-69,-32.75,-68.6,-33.15',
    });
    expect(sent.headers['user-agent']).toBe('Vidriera/test');
  });

  it('keeps one request per interval across the process and answers repeats from its cache', async () => {
    const geocoder = createGeocoder({ url: double.url, userAgent: 'Vidriera/test', minIntervalMs: 300 });
    const before = double.requests.length;
    await Promise.all([geocoder.search('Colón 1'), geocoder.search('Colón 2'), geocoder.search('colón  1')]);
    const sent = double.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(300);
  });

  it('turns a slow answer into an error after its timeout', async () => {
    double.setMode('slow');
    try {
      const geocoder = createGeocoder({
        url: double.url,
        userAgent: 'Vidriera/test',
        timeoutMs: 200,
        minIntervalMs: 0,
      });
      await expect(geocoder.search('Colón lento')).rejects.toThrow('geocoder unavailable');
    } finally {
      double.setMode('ok');
    }
  });
});

describe.each(DATABASE_KINDS)('GET /api/geocoder on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let off: TestApp;
  let double: Awaited<ReturnType<typeof startNominatimDouble>>;
  let owner = { cookie: '', userId: '' };

  beforeAll(async () => {
    double = await startNominatimDouble((q) => (q.includes('nada') ? [] : [GODOY_CRUZ, BUENOS_AIRES]));
    database = await createTestDatabase(kind);
    t = await createTestApp(database, { env: { GEOCODER_URL: double.url, GEOCODER_LIMIT_PER_HOUR: '4' } });
    off = await createTestApp(database);
    owner = await signUp(t.app, 'geo@example.com');
  });
  afterAll(async () => {
    await t?.app.close();
    await off?.app.close();
    await database?.destroy();
    await double?.close();
  });

  const search = (q: string, app = t, cookie = owner.cookie) =>
    app.app.inject({
      method: 'GET',
      url: `/api/geocoder?q=${encodeURIComponent(q)}`,
      headers: cookie ? { cookie } : {},
    });

  it('answers places inside Greater Mendoza only, to a signed-in owner; a guest gets 401', async () => {
    const res = await search('Colón 345, Godoy Cruz');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ items: LugarEncontrado[] }>().items).toEqual([
      { lat: -32.9262, lng: -68.8435, nombre: 'Colón, Godoy Cruz, Mendoza, M5501, Argentina' },
    ]);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(double.requests.at(-1)!.headers['user-agent']).toMatch(/^Vidriera\/1\.0 \(\+http/);
    expect((await search('Colón 345', t, '')).statusCode).toBe(401);
    const empty = await search('calle de la nada');
    expect(empty.json<{ items: LugarEncontrado[] }>().items).toEqual([]);
  });

  it('says in Spanish when the geocoder fails, and refuses too short an address', async () => {
    double.setMode('error');
    try {
      const res = await search('Colón 999, Capital');
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(GEOCODER_FAILED);
    } finally {
      double.setMode('ok');
    }
    const short = await search('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Escribí una dirección para buscar.');
  });

  it('limits each account per hour', async () => {
    // Four allowed per hour, counted per account: a fresh one gets its four.
    const other = await signUp(t.app, 'geo2@example.com');
    for (let i = 0; i < 4; i++) expect((await search(`San Martín ${i}`, t, other.cookie)).statusCode).toBe(200);
    const res = await search('San Martín 9', t, other.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(GEOCODER_TOO_MANY);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is off (404, in Spanish) without GEOCODER_URL', async () => {
    const res = await search('Colón 345', off, owner.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(GEOCODER_OFF);
  });
});
