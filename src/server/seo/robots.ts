import { endpointUrl } from '#shared/contract';
import { seo } from '#shared/contract/seo';

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
    'Disallow: /mis-comercios',
    'Disallow: /registrar',
    'Disallow: /operador',
    'Disallow: /favoritos',
    'Disallow: /mi-cuenta',
    'Disallow: /nueva-contrasena',
    'Disallow: /verificar-email',
    'Disallow: /comercio/*/editar',
    '',
    `Sitemap: ${origin}${endpointUrl(seo.sitemapIndex)}`,
    '',
  ].join('\n');
}
