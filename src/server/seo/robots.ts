import { endpointUrl } from '#shared/contract';
import { seo } from '#shared/contract/seo';
import { ROUTES } from '#shared/routes';

/**
 * The pages crawlers are kept out of: every route the server does not render (owner, operator and account pages,
 * the device's favourites), as robots.txt writes a path: a parameter is `*`, an optional part is left out (its
 * prefix covers it), and a path another one already covers as a prefix is not repeated.
 */
function closedPaths(): string[] {
  const paths = Object.values(ROUTES)
    .filter((r) => !('ssr' in r))
    .map((r) => r.path.replace(/\{[^}]*\}/g, '').replace(/:\w+/g, '*'));
  return paths.filter((p) => !paths.some((other) => other !== p && p.startsWith(other)));
}

/**
 * robots.txt: public pages are open; the API is closed except what a page shows (stored images and link
 * previews, which search engines need to render a page and its rich result); owner and operator pages are
 * closed. Allow lines come first for crawlers that take the first match; Google and Bing take the longest.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/imagenes/',
    'Allow: /api/comercios/*/og.jpg',
    'Disallow: /api/',
    ...closedPaths().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}${endpointUrl(seo.sitemapIndex)}`,
    '',
  ].join('\n');
}
