import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { contract } from '#shared/contract';
import { ogVersion, type OgComercio } from '#shared/seo/og';
import { requireUser } from '#server/auth/session';
import { cachedJsonBytes } from '#server/cache/keys';
import type { AppDeps } from '#server/deps';
import { sendCachedJson, toCachedText, type CachedJson } from '#server/http/cached-json';
import { immutableAsset, publicData } from '#server/http/cache';
import { AppError, notFound } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { IMAGES_BUSY, imageQueueFull, readImageVariant, runImageWork } from '#server/imagenes/store';
import { renderOgImage } from './og-image';
import { ogSource } from './og-source';
import { robotsTxt } from './robots';
import {
  comerciosPageNumber,
  comerciosSitemapXml,
  sitemapEntries,
  sitemapIndexXml,
  sitemapPages,
  STATIC_SITEMAP,
  staticSitemapXml,
  type SitemapPage,
} from './sitemap';

const XML = 'application/xml; charset=utf-8';
/** A preview asked for without its current version (an old link, a hand-typed URL): kept briefly only. */
const STALE_PREVIEW_MAX_AGE = 300;

interface SitemapIndex {
  pages: SitemapPage[];
  xml: CachedJson<string>;
}

/** Link previews, robots.txt and the sitemap (ADR 022). */
export const seoRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  const origin = new URL(deps.config.PUBLIC_URL).origin;
  const pageSize = deps.config.SITEMAP_PAGE_SIZE;

  // Rendered previews by business and content version: a version never changes its picture, so entries never
  // go stale; an edit makes a new version and the old one ages out. A quarter of the image memory budget:
  // previews are asked for when a link is shared, then cached by the apps.
  const rendered = new LRUCache<string, Buffer>({
    maxSize: Math.max(1, Math.floor((deps.config.IMAGE_CACHE_MB * 1024 * 1024) / 4)),
    sizeCalculation: (b) => Math.max(1, b.length),
  });
  // A link shared in a group brings every member's app at once: one rendering per version, the rest wait for it.
  const rendering = new Map<string, Promise<Buffer>>();

  function preview(source: OgComercio, key: string): Promise<Buffer> {
    const done = rendered.get(key);
    if (done) return Promise.resolve(done);
    let running = rendering.get(key);
    if (!running) {
      if (imageQueueFull()) throw new AppError(503, 'images_busy', IMAGES_BUSY);
      running = runImageWork(async () => {
        const photo = source.imagen ? await readImageVariant(deps.db, source.imagen, 'large') : null;
        const jpeg = await renderOgImage(source, photo);
        rendered.set(key, jpeg);
        return jpeg;
      }).finally(() => rendering.delete(key));
      rendering.set(key, running);
    }
    return running;
  }

  route(contract.comercios.og, async ({ reply, params: { id }, query, send }) => {
    // What is drawn, cached with the business's page (an edit clears both); null: not published.
    const source = await deps.publicCache.get(`og/${id}`, () => ogSource(deps.db, id, deps.now()), {
      scope: { kind: 'detalle', id },
      sizeOf: (s) => (s ? 512 + JSON.stringify(s).length : 0),
    });
    if (!source) throw notFound('No encontramos este comercio.');
    const version = ogVersion(source);
    const jpeg = await preview(source, `${id}/${version}`);
    if (query.v === version) immutableAsset(reply);
    else reply.header('cache-control', `public, max-age=${STALE_PREVIEW_MAX_AGE}`);
    reply.header('etag', `"og-${id}-${version}"`).type('image/jpeg');
    return send(jpeg, 200);
  });

  const robots = toCachedText(robotsTxt(origin), 'text/plain; charset=utf-8');
  route(contract.seo.robots, async ({ request, reply }) => sendCachedJson(request, publicData(reply), robots));

  const sitemapIndex = () =>
    deps.publicCache.get<SitemapIndex>(
      'sitemap/index',
      async () => {
        const pages = await sitemapPages(deps.db, deps.now(), pageSize);
        return { pages, xml: toCachedText(sitemapIndexXml(origin, pages), XML) };
      },
      { scope: { kind: 'sitemap' }, sizeOf: (v) => cachedJsonBytes(v.xml) + v.pages.length * 64 },
    );

  route(contract.seo.sitemapIndex, async ({ request, reply }) =>
    sendCachedJson(request, publicData(reply), (await sitemapIndex()).xml),
  );

  const staticSitemap = toCachedText(staticSitemapXml(origin), XML);
  route(contract.seo.sitemap, async ({ request, reply, params: { file } }) => {
    if (file === STATIC_SITEMAP) return sendCachedJson(request, publicData(reply), staticSitemap);
    const n = comerciosPageNumber(file);
    const { pages } = await sitemapIndex();
    const page = n === null ? undefined : pages[n - 1];
    if (!page) throw notFound('No encontramos este mapa del sitio.');
    const next = pages[n!]?.firstId ?? null;
    const xml = await deps.publicCache.get(
      `sitemap/${file}`,
      async () => {
        const entries = await sitemapEntries(deps.db, deps.now(), { from: page.firstId, to: next }, pageSize);
        return toCachedText(comerciosSitemapXml(origin, entries), XML);
      },
      { scope: { kind: 'sitemap' }, sizeOf: cachedJsonBytes },
    );
    return sendCachedJson(request, publicData(reply), xml);
  });
};
