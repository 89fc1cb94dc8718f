import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * What search engines read outside /api (ADR 022): robots.txt, the sitemap index and its pages. Text and XML
 * answers, not JSON; listed here so the server registers them like every route and the fuzz attacks them.
 */
export const seo = {
  robots: endpoint<string>()({ method: 'GET', path: '/robots.txt' }),
  sitemapIndex: endpoint<string>()({ method: 'GET', path: '/sitemap.xml' }),
  /** `:file` is "paginas.xml" or "comercios-N.xml" (N from 1); anything else is a 404, judged by the route. */
  sitemap: endpoint<string>()({
    method: 'GET',
    path: '/sitemaps/:file',
    params: z.object({ file: z.string() }),
  }),
};
