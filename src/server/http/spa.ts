import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoute } from '#shared/routes';
import { sendCachedText, type CachedJson } from './cached-json';
import { errorBody } from './errors';
import { deferScripts } from './deferred-scripts';
import { stylesheetsFirst } from './head-order';
import { inlineIcon, loadStaticFiles, registerStaticFiles } from './static-files';
import { TooManyMisses } from './miss-budget';

/** A page of the app (the route table, ADR 051): served index.html with 200; other unknown paths get it with 404. */
export function isSpaRoute(pathname: string): boolean {
  return matchRoute(pathname) !== null;
}

/**
 * What the server knows about a page before the SPA runs: preload links, and whether the thing the page
 * shows exists for this viewer (an unknown or hidden business answers 404 like its API does).
 */
export interface PageInfo {
  links: string[];
  notFound?: boolean;
}
export type PageHints = (request: FastifyRequest, pathname: string, search: URLSearchParams) => Promise<PageInfo>;

/**
 * A server-rendered page (ADR 021), a redirect to a page's canonical URL, or null for the client-rendered shell.
 * `shared`: the same for every visitor (public cache headers) or rendered for one (private).
 */
export type ServerPage = { redirect: string } | { status: number; entry: CachedJson; shared: boolean };
export type ServerPages = (
  request: FastifyRequest,
  pathname: string,
  search: string,
  template: string,
) => Promise<ServerPage | null>;

/** Serves the built SPA from webDir (when it exists) and answers every unknown path. */

/** headExtra: markup every page carries in its head (settings the client must know at first paint). */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string | null,
  hints?: PageHints,
  headExtra = '',
  pages?: ServerPages,
): Promise<void> {
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  const files = webDir && indexFile && existsSync(indexFile) ? loadStaticFiles(webDir) : null;
  const rawHtml =
    indexFile && files ? deferScripts(stylesheetsFirst(inlineIcon(readFileSync(indexFile, 'utf8'), files))) : null;
  const indexHtml = rawHtml && headExtra ? rawHtml.replace('</head>', `${headExtra}</head>`) : rawHtml;
  if (files) registerStaticFiles(app, files);

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?');
    if (pathname.startsWith('/api/') || !indexHtml || request.method !== 'GET') {
      return reply.status(404).send(errorBody('not_found', 'No encontramos lo que buscás.'));
    }
    if (pages) {
      // A failure to render never fails the page: the browser renders it as before.
      const page = await pages(request, pathname, query, indexHtml).catch((err: unknown) => {
        // A spent miss budget (ADR 048) is no failure: the page is the browser's to render, whose own requests
        // are answered from the cache or told to wait.
        if (!(err instanceof TooManyMisses)) request.log.error({ err }, 'server rendering failed');
        return null;
      });
      if (page && 'redirect' in page) return reply.redirect(page.redirect, 301);
      if (page) {
        reply.status(page.status).header('cache-control', page.shared ? 'public, no-cache' : 'private, no-store');
        return sendCachedText(request, reply, page.entry);
      }
    }
    let found = isSpaRoute(pathname);
    let html = indexHtml;
    if (found && hints) {
      // Hints only speed things up: a failure to compute them never fails the page.
      const info = await hints(request, pathname, new URLSearchParams(query)).catch((err: unknown): PageInfo => {
        // A spent miss budget (ADR 048) only leaves the page without hints.
        if (!(err instanceof TooManyMisses)) request.log.warn({ err }, 'page hints failed');
        return { links: [] };
      });
      if (info.links.length) html = indexHtml.replace('</head>', `${info.links.join('')}</head>`);
      if (info.notFound) found = false;
    }
    return reply
      .status(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
