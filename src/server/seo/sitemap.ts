import { sql } from 'drizzle-orm';
import { endpointUrl } from '#shared/contract';
import { seo } from '#shared/contract/seo';
import { ROUTES } from '#shared/routes';
import { comercioPath } from '#shared/seo/slug';
import { queryRows, type Db } from '#server/db/client';
import { comercios } from '#server/db/schema';
import { publishedWhere } from '#server/comercios/published';

/**
 * sitemap.xml (ADR 022): an index pointing at a page of the site's own pages and at pages of at most
 * 50,000 businesses each (the protocol's limit), all built from the database. Pages are ranges of ids
 * (keyset): a page is an index range scan whatever its number, never an OFFSET that reads every earlier row.
 */
export const STATIC_SITEMAP = 'paginas.xml';
/** Pages of the site that are not a business: the server-rendered routes without parameters (home, promotions). */
const STATIC_PATHS = Object.values(ROUTES)
  .filter((r) => 'ssr' in r && !r.path.includes(':'))
  .map((r) => r.path);
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One page of businesses: ids from firstId up to (not including) the next page's first id. */
export interface SitemapPage {
  firstId: number;
  lastmod: Date;
}

/** When a business last changed for a crawler: its last edit, or its last payment (which published it again). */
const lastmodSql = sql`GREATEST(${comercios.updatedAt}, ${comercios.fechaPago})`;

/**
 * The pages: every published id numbered in id order, cut every `pageSize`; each page keeps its first id and
 * newest change. One pass over the published ids (its cost at scale: bench/results/seo.md).
 */
export async function sitemapPages(db: Db, now: Date, pageSize: number): Promise<SitemapPage[]> {
  const rows = await queryRows<{ first_id: number; lastmod: Date | string }>(
    db,
    sql`SELECT min(id) AS first_id, max(lastmod) AS lastmod
        FROM (SELECT ${comercios.id} AS id, ${lastmodSql} AS lastmod, row_number() OVER (ORDER BY ${comercios.id}) AS rn
              FROM ${comercios} WHERE ${publishedWhere(now)}) AS numbered
        GROUP BY (rn - 1) / ${pageSize}
        ORDER BY 1`,
  );
  return rows.map((r) => ({ firstId: Number(r.first_id), lastmod: new Date(r.lastmod) }));
}

export interface SitemapEntry {
  id: number;
  nombre: string;
  lastmod: Date;
}

/** The published businesses of one page, by id range (the primary key's index), at most `limit`. */
export async function sitemapEntries(
  db: Db,
  now: Date,
  range: { from: number; to: number | null },
  limit: number,
): Promise<SitemapEntry[]> {
  const rows = await queryRows<{ id: number; nombre: string; lastmod: Date | string }>(
    db,
    sql`SELECT ${comercios.id} AS id, ${comercios.nombre} AS nombre, ${lastmodSql} AS lastmod
        FROM ${comercios}
        WHERE ${comercios.id} >= ${range.from} ${range.to === null ? sql`` : sql`AND ${comercios.id} < ${range.to}`}
          AND ${publishedWhere(now)}
        ORDER BY ${comercios.id}
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), nombre: r.nombre, lastmod: new Date(r.lastmod) }));
}

/** Text for XML content: the five characters XML reserves. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** W3C datetime to the second, in UTC ("2026-11-22T15:04:05Z"). */
export function w3cDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const loc = (origin: string, path: string) => `<loc>${escapeXml(origin + path)}</loc>`;
export const comerciosSitemapFile = (n: number) => `comercios-${n}.xml`;

export function sitemapIndexXml(origin: string, pages: SitemapPage[]): string {
  const file = (name: string) => endpointUrl(seo.sitemap, { params: { file: name } });
  const items = [
    `<sitemap>${loc(origin, file(STATIC_SITEMAP))}</sitemap>`,
    ...pages.map(
      (p, i) =>
        `<sitemap>${loc(origin, file(comerciosSitemapFile(i + 1)))}<lastmod>${w3cDate(p.lastmod)}</lastmod></sitemap>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function urlsetXml(origin: string, entries: Array<{ path: string; lastmod?: Date }>): string {
  const items = entries.map(
    (e) => `<url>${loc(origin, e.path)}${e.lastmod ? `<lastmod>${w3cDate(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${items.join('\n')}\n</urlset>\n`;
}

export const staticSitemapXml = (origin: string) =>
  urlsetXml(
    origin,
    STATIC_PATHS.map((path) => ({ path })),
  );

export const comerciosSitemapXml = (origin: string, entries: SitemapEntry[]) =>
  urlsetXml(
    origin,
    entries.map((e) => ({ path: comercioPath(e.id, e.nombre), lastmod: e.lastmod })),
  );

/** "comercios-3.xml" → 3; anything else (comercios-0, comercios-03, other names) → null. */
export function comerciosPageNumber(file: string): number | null {
  const m = /^comercios-([1-9]\d{0,6})\.xml$/.exec(file);
  return m ? Number(m[1]) : null;
}
