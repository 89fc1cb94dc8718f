import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { resumenEstadisticas, type Estadisticas } from '#shared/estadisticas';
import { addDays } from '#shared/rules/dates';
import { comercios, estadisticas, rateLimits } from '#server/db/schema';
import { signUp, TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { addressGroup, isBot, MAX_VISITORS_PER_ADDRESS, StatsCounter } from './counter';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('bots', () => {
  it('recognises crawlers, link previews and scripts, not browsers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('facebookexternalhit/1.1')).toBe(true);
    expect(isBot('WhatsApp/2.23.20.0 A')).toBe(true);
    expect(isBot('curl/8.5.0')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(isBot(PHONE_UA)).toBe(false);
    expect(isBot(DESKTOP_UA)).toBe(false);
  });
});

describe.each(DATABASE_KINDS)('views and taps per business and day, on %s', (kind) => {
  // Noon in Mendoza, so "tomorrow" is a different Mendoza day.
  const NOW = new Date('2026-11-22T15:00:00Z');
  const ctx = useTestApp(kind, { now: NOW });

  it('counts each visitor once per business, counter and day, skips bots, and writes only when flushed', async () => {
    const { app, deps, setNow } = ctx.t;
    const owner = await signUp(app, `stats-${kind}@example.com`);
    const other = await signUp(app, `stats-otro-${kind}@example.com`);
    const id = await insertComercio(ctx.database.db, NOW, { nombre: 'Muy Visto', propietarioId: owner.userId });
    const view = (ua: string, ip = '203.0.113.7') =>
      app.inject({ method: 'GET', url: `/api/comercios/${id}`, headers: { 'user-agent': ua }, remoteAddress: ip });
    const tap = (tipo: string, ua = PHONE_UA, ip = '203.0.113.7') =>
      app.inject({
        method: 'POST',
        url: `/api/comercios/${id}/eventos`,
        payload: { tipo },
        headers: { 'user-agent': ua, origin: TEST_ORIGIN },
        remoteAddress: ip,
      });

    for (let i = 0; i < 3; i++) expect((await view(PHONE_UA)).statusCode).toBe(200);
    await view(DESKTOP_UA);
    await view(PHONE_UA, '198.51.100.4');
    await view('Mozilla/5.0 (compatible; bingbot/2.0)');
    expect((await tap('whatsapp')).statusCode).toBe(204);
    await tap('whatsapp');
    await tap('llamadas');
    await tap('comoLlegar');
    await tap('compartidos', DESKTOP_UA);
    expect((await tap('otra')).statusCode).toBe(400);
    // The owner's own visit is not counted.
    await app.inject({
      method: 'GET',
      url: `/api/comercios/${id}`,
      headers: { cookie: owner.cookie, 'user-agent': PHONE_UA },
    });

    // Nothing was written by the requests themselves.
    expect(await ctx.database.db.select().from(estadisticas)).toEqual([]);
    await deps.stats.flush();

    // The next day the same visitor counts again.
    setNow(addDays(NOW, 1));
    await view(PHONE_UA);
    await tap('whatsapp');
    await deps.stats.flush();

    const res = await app.inject({
      method: 'GET',
      url: `/api/comercios/${id}/estadisticas`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const s = res.json<Estadisticas>();
    expect(s.dias).toHaveLength(30);
    expect(s.dias.at(-1)).toEqual({
      dia: '2026-11-23',
      visitas: 1,
      whatsapp: 1,
      llamadas: 0,
      comoLlegar: 0,
      compartidos: 0,
    });
    expect(s.dias.at(-2)).toEqual({
      dia: '2026-11-22',
      visitas: 3,
      whatsapp: 1,
      llamadas: 1,
      comoLlegar: 1,
      compartidos: 1,
    });
    expect(s.total30).toEqual({ visitas: 4, whatsapp: 2, llamadas: 1, comoLlegar: 1, compartidos: 1 });
    expect(s.totalHistorico).toEqual(s.total30);
    expect(resumenEstadisticas(s.total30)).toBe('4 visitas, 2 contactos por WhatsApp en 30 días');

    // Only the owner sees them.
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/comercios/${id}/estadisticas`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/comercios/${id}/estadisticas` })).statusCode).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('taps only for published businesses, limited per address, on %s', (kind) => {
  const NOW = new Date('2026-11-22T15:00:00Z');
  const ctx = useTestApp(kind, { now: NOW, env: { EVENT_RATE_LIMIT_PER_MINUTE: '3' } });
  const tap = (id: number, tipo: string, ip: string, ua = PHONE_UA) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/comercios/${id}/eventos`,
      payload: { tipo },
      headers: { 'user-agent': ua, origin: TEST_ORIGIN },
      remoteAddress: ip,
    });
  const rowsOf = (id: number) => ctx.database.db.select().from(estadisticas).where(eq(estadisticas.comercioId, id));

  it('drops taps for a business never paid, expired or hidden, and counts the published one', async () => {
    const { db } = ctx.database;
    const published = await insertComercio(db, NOW, { nombre: 'Publicado' });
    const unpaid = await insertComercio(db, NOW, { nombre: 'Sin pagar', pagadoHaceDias: null });
    const expired = await insertComercio(db, NOW, { nombre: 'Vencido', pagadoHaceDias: 31 });
    const hidden = await insertComercio(db, NOW, { nombre: 'Oculto' });
    await db
      .update(comercios)
      .set({ ocultoMotivo: 'Contenido engañoso', ocultoPor: 'moderacion', ocultoAt: NOW })
      .where(eq(comercios.id, hidden));
    // Each from its own address, so the per-address limit plays no part here.
    for (const [i, id] of [published, unpaid, expired, hidden, 999_999].entries()) {
      // 204 either way: the answer does not tell which businesses are published.
      expect((await tap(id, 'whatsapp', `192.0.2.${i + 1}`)).statusCode).toBe(204);
    }
    await ctx.t.deps.stats.flush();
    expect(await rowsOf(published)).toEqual([expect.objectContaining({ whatsapp: 1 })]);
    for (const id of [unpaid, expired, hidden, 999_999]) expect(await rowsOf(id)).toEqual([]);
  });

  it('answers 429 after the limit per address in a minute, without writing to the database', async () => {
    const id = await insertComercio(ctx.database.db, NOW, { nombre: 'Muy tocado' });
    const before = await ctx.database.db.select().from(rateLimits);
    for (const tipo of ['whatsapp', 'llamadas', 'comoLlegar'])
      expect((await tap(id, tipo, '198.51.100.9')).statusCode).toBe(204);
    const refused = await tap(id, 'compartidos', '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'too_many_requests', message: 'Demasiados intentos. Esperá unos minutos y volvé a intentar.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await tap(id, 'compartidos', '198.51.100.10')).statusCode).toBe(204);
    // The limiter keeps its counts in memory: the shared rate_limits table saw nothing.
    expect(await ctx.database.db.select().from(rateLimits)).toEqual(before);
    await ctx.t.deps.stats.flush();
    expect(await rowsOf(id)).toEqual([
      expect.objectContaining({ whatsapp: 1, llamadas: 1, comoLlegar: 1, compartidos: 1 }),
    ]);
  });
});

describe('the address a visitor is grouped by', () => {
  it('is the IPv4 address, or the /64 an IPv6 address is in', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:0002:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(DATABASE_KINDS)('statistics resist a single address, on %s', (kind) => {
  const NOW = new Date('2026-11-22T15:00:00Z');
  const ctx = useTestApp(kind, { now: NOW });
  const visitasOf = async (id: number) =>
    (await ctx.database.db.select().from(estadisticas).where(eq(estadisticas.comercioId, id))).map((r) => r.visitas);

  it('200 views from one address rotating the User-Agent count a few visitors, not 200', async () => {
    const { app, deps } = ctx.t;
    const id = await insertComercio(ctx.database.db, NOW, { nombre: 'Visitas de un solo lugar' });
    for (let k = 0; k < 200; k++) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/comercios/${id}`,
        headers: { 'user-agent': `${PHONE_UA} build/${k}` },
        remoteAddress: '203.0.113.50',
      });
      expect(res.statusCode).toBe(200);
    }
    // A second person at another address still counts.
    await app.inject({
      method: 'GET',
      url: `/api/comercios/${id}`,
      headers: { 'user-agent': DESKTOP_UA },
      remoteAddress: '198.51.100.50',
    });
    await deps.stats.flush();
    expect(await visitasOf(id)).toEqual([MAX_VISITORS_PER_ADDRESS + 1]);
  });

  it('the same with IPv6: a rotating address inside one /64 is one address', () => {
    const counter = new StatsCounter({ db: ctx.database.db, now: () => NOW });
    let counted = 0;
    for (let k = 1; k <= 100; k++)
      if (counter.count({ ip: `2001:db8:1:2::${k.toString(16)}`, userAgent: `${PHONE_UA} ${k}` }, 1, 'visitas'))
        counted++;
    expect(counted).toBe(MAX_VISITORS_PER_ADDRESS);
    expect(counter.count({ ip: '2001:db8:1:3::1', userAgent: PHONE_UA }, 1, 'visitas')).toBe(true);
  });

  it('a full day forgets the least recently seen: new visitors still count, memory stays bounded', async () => {
    const { db } = ctx.database;
    const id = await insertComercio(db, NOW, { nombre: 'Tope de visitantes' });
    let now = NOW;
    const warn = vi.fn();
    const counter = new StatsCounter({ db, now: () => now, maxVisitorsPerDay: 4, warn });
    const visitor = (n: number) => ({ ip: `203.0.${Math.floor(n / 250)}.${n % 250}`, userAgent: PHONE_UA });
    for (let n = 1; n <= 4; n++) expect(counter.count(visitor(n), id, 'visitas')).toBe(true);
    expect(counter.count(visitor(1), id, 'visitas')).toBe(false); // seen: not twice, and now the most recent
    expect(warn).not.toHaveBeenCalled();
    // The set is full: a new visitor counts, and the least recently seen (visitor 2) is forgotten.
    expect(counter.count(visitor(5), id, 'visitas')).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/4 visitors counted today.*least recently seen are forgotten/);
    expect(counter.count(visitor(1), id, 'visitas')).toBe(false);
    expect(counter.count(visitor(2), id, 'visitas')).toBe(true); // forgotten: counted again (the accepted cost)
    // A flood of new visitors: every one counts, memory never grows past the cap.
    for (let n = 100; n < 1100; n++) {
      expect(counter.count(visitor(n), id, n % 2 ? 'visitas' : 'whatsapp')).toBe(true);
      expect(counter.remembered).toBeLessThanOrEqual(2 * 4);
    }
    expect(warn).toHaveBeenCalledTimes(1);
    // The next Mendoza day starts empty.
    now = addDays(NOW, 1);
    expect(counter.count(visitor(3), id, 'visitas')).toBe(true);
    expect(counter.remembered).toBe(2);
    await counter.flush();
    const rows = await db.select().from(estadisticas).where(eq(estadisticas.comercioId, id));
    expect(rows.map((r) => [r.dia, r.visitas, r.whatsapp]).sort()).toEqual([
      ['2026-11-22', 6 + 500, 500],
      ['2026-11-23', 1, 0],
    ]);
  });

  it('taps naming many businesses hold at most the cap of pending rows until the next flush', async () => {
    const { db } = ctx.database;
    const counter = new StatsCounter({ db, now: () => NOW, maxVisitorsPerDay: 3 });
    const tapOn = (id: number) => counter.count({ ip: `198.51.100.${id}`, userAgent: PHONE_UA }, id, 'whatsapp');
    expect([1, 2, 3, 4, 5].map(tapOn)).toEqual([true, true, true, false, false]);
    await counter.flush(); // none of these ids is a business: dropped, and the pending rows are gone
    expect(tapOn(6)).toBe(true);
  });
});
