import { eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { comercioPath } from '#shared/seo/slug';
import { snapshotOf } from '#server/cache/scope';
import { SITEMAP_MAX_URLS } from '#server/config';
import type { Db } from '#server/db/client';
import { comercios } from '#server/db/schema';
import { queryRows } from '#server/db/client';
import { TEST_ORIGIN, useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { insertComercio } from '#test/server/fixtures';
import { comerciosPageNumber, escapeXml } from './sitemap';

const NOW = new Date('2026-11-22T15:00:00Z');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * Inserts `count` published businesses in one statement (the data set a real directory might reach),
 * paid a day before `now`; returns their ids.
 */
async function insertPublished(db: Db, count: number, now: Date): Promise<number[]> {
  const paid = new Date(now.getTime() - 86_400_000).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO comercios (nombre, categoria, categorias, direccion, telefono, pago_status, fecha_pago)
        SELECT 'Almacén N° ' || g, 'Almacén', ARRAY['Almacén'], 'Calle ' || g, '261 400-0000', true, ${paid}::timestamptz
        FROM generate_series(1, ${count}) AS g
        RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Parses with a real XML parser (a malformed document throws) and reads the <loc>s and <lastmod>s. */
function parse(xml: string, root: 'urlset' | 'sitemapindex') {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.documentElement.localName).toBe(root);
  expect(doc.documentElement.namespaceURI).toBe(NS);
  const item = root === 'urlset' ? 'url' : 'sitemap';
  return [...doc.getElementsByTagNameNS(NS, item)].map((el) => ({
    loc: el.getElementsByTagNameNS(NS, 'loc')[0]?.textContent ?? '',
    lastmod: el.getElementsByTagNameNS(NS, 'lastmod')[0]?.textContent ?? null,
  }));
}

describe.each(DATABASE_KINDS)('robots.txt and sitemap on %s', (kind) => {
  const PAGE = 40;
  // The public cache on, as in production: hiding a business must clear the sitemap's pages.
  const ctx = useTestApp(kind, { now: NOW, env: { SITEMAP_PAGE_SIZE: String(PAGE), PUBLIC_CACHE_TTL_MS: '60000' } });
  let published: number[] = [];
  const left: Record<string, number> = {};

  const get = (url: string) => ctx.t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    const db = ctx.database.db;
    left.unpaid = await insertComercio(db, NOW, { nombre: 'Sin pagar', pagadoHaceDias: null });
    published = await insertPublished(db, 95, NOW);
    left.expired = await insertComercio(db, NOW, { nombre: 'Vencido', pagadoHaceDias: 30 });
    left.hidden = await insertComercio(db, NOW, { nombre: 'Oculto' });
    await db.execute(
      sql`UPDATE comercios SET oculto_motivo = 'Spam', oculto_por = 'moderacion', oculto_at = now() WHERE id = ${left.hidden}`,
    );
    published.push(await insertComercio(db, NOW, { nombre: 'Pan & Vino <Güemes>' }));
  });

  it('robots.txt opens public pages, closes the API and owner pages, and names the sitemap by its public URL', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    for (const rule of [
      'User-agent: *',
      'Allow: /',
      'Allow: /api/comercios/*/og.jpg',
      'Disallow: /api/',
      'Disallow: /mis-comercios',
      'Disallow: /registrar',
      'Disallow: /operador',
      'Disallow: /comercio/*/editar',
      `Sitemap: ${TEST_ORIGIN}/sitemap.xml`,
    ])
      expect(lines).toContain(rule);
  });

  it('lists every published business exactly once, over several pages of at most the page size', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const sitemaps = parse(index.body, 'sitemapindex');
    const pages = Math.ceil(published.length / PAGE);
    expect(pages).toBeGreaterThan(1);
    expect(sitemaps.map((s) => s.loc)).toEqual([
      `${TEST_ORIGIN}/sitemaps/paginas.xml`,
      ...Array.from({ length: pages }, (_, i) => `${TEST_ORIGIN}/sitemaps/comercios-${i + 1}.xml`),
    ]);
    expect(sitemaps.slice(1).every((s) => W3C_DATETIME.test(s.lastmod ?? ''))).toBe(true);

    const seen: string[] = [];
    for (const s of sitemaps.slice(1)) {
      const res = await get(new URL(s.loc).pathname);
      expect(res.statusCode).toBe(200);
      const urls = parse(res.body, 'urlset');
      expect(urls.length).toBeLessThanOrEqual(PAGE);
      for (const u of urls) {
        expect(u.loc.startsWith(`${TEST_ORIGIN}/comercio/`)).toBe(true);
        expect(u.lastmod).toMatch(W3C_DATETIME);
      }
      seen.push(...urls.map((u) => u.loc));
    }
    const rows = await queryRows<{ id: number; nombre: string }>(
      ctx.database.db,
      sql`SELECT id, nombre FROM comercios WHERE id IN ${sql.raw(`(${published.join(',')})`)}`,
    );
    expect(seen.sort()).toEqual(rows.map((r) => `${TEST_ORIGIN}${comercioPath(Number(r.id), r.nombre)}`).sort());
    for (const id of Object.values(left))
      expect(seen.some((loc) => new RegExp(`/comercio/${id}(-|$)`).test(loc))).toBe(false);
  });

  it('lists the site pages with absolute URLs', async () => {
    const urls = parse((await get('/sitemaps/paginas.xml')).body, 'urlset');
    expect(urls.map((u) => u.loc)).toEqual([`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/promociones`]);
  });

  it('answers 404 for pages that do not exist', async () => {
    for (const file of ['comercios-0.xml', 'comercios-99.xml', 'comercios-01.xml', 'otra.xml', 'comercios-1.xml.gz']) {
      const res = await get(`/sitemaps/${file}`);
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('drops a business from the cached pages the moment it is hidden', async () => {
    const [first] = published;
    const listed = async () =>
      parse((await get('/sitemaps/comercios-1.xml')).body, 'urlset').some((u) =>
        new RegExp(`/comercio/${first}-`).test(u.loc),
      );
    expect(await listed()).toBe(true);
    const [row] = await ctx.database.db.select().from(comercios).where(eq(comercios.id, first!));
    await ctx.database.db.execute(
      sql`UPDATE comercios SET oculto_motivo = 'Spam', oculto_por = 'moderacion', oculto_at = now() WHERE id = ${first!}`,
    );
    // What the operator's hide announces after its commit (operador/comercios.ts).
    const before = snapshotOf(row!, NOW);
    await ctx.t.deps.changes.changed([
      { id: first!, before, after: { ...before, published: false }, comercio: true, promociones: true },
    ]);
    expect(await listed()).toBe(false);
  });
});

describe.each(DATABASE_KINDS.filter((k) => k === 'postgres'))('sitemap at the protocol limit on %s', (kind) => {
  // 50,001 published businesses with the real page size: two pages, the first exactly 50,000 URLs. On the
  // PostgreSQL server only: PGlite takes ~10 s just to insert them (the generated search columns).
  const ctx = useTestApp(kind, { now: NOW });

  it('cuts pages at 50,000 URLs', { timeout: 60_000 }, async () => {
    // This database is the test's own: the search indexes, which the sitemap never reads, would make most of
    // the insert's cost.
    await ctx.database.db.execute(sql`DROP INDEX comercios_search_trgm`);
    await ctx.database.db.execute(sql`DROP INDEX comercios_categorias_gin`);
    const ids = await insertPublished(ctx.database.db, 50_001, NOW);
    const index = parse((await ctx.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body, 'sitemapindex');
    expect(index).toHaveLength(3);
    const count = async (n: number) =>
      ((await ctx.t.app.inject({ method: 'GET', url: `/sitemaps/comercios-${n}.xml` })).body.match(/<url>/g) ?? [])
        .length;
    expect(await count(1)).toBe(SITEMAP_MAX_URLS);
    expect(await count(2)).toBe(1);
    expect(ids).toHaveLength(50_001);
  });
});

describe('sitemap helpers', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });
  it('reads only canonical page numbers', () => {
    expect(comerciosPageNumber('comercios-12.xml')).toBe(12);
    expect(comerciosPageNumber('comercios-0.xml')).toBeNull();
    expect(comerciosPageNumber('comercios-a.xml')).toBeNull();
  });
});
