import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built web app's files (scripts, styles, icons), read once at start-up and answered from memory with
 * every header computed once: no stat, open, read and stream per request, and no compression per request
 * (the .br and .gz copies `npm run build` writes are sent as they are; a file too small to have them goes
 * as it is). A CPU profile of replayed cold home visits showed @fastify/static's cost per script to be mostly
 * file system calls and streams, and its streams also made the global compression compress small files (no
 * copies, no known length) with brotli on every request (figures in docs/performance.md).
 */
export interface StaticFile {
  type: string;
  cacheControl: string;
  /** The three bodies carry the same content: one entity tag per encoding (they are different bytes). */
  variants: Array<{ encoding: 'br' | 'gzip' | null; body: Buffer; etag: string }>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Vite's hashed file names make /assets/* content-addressed; the rest (the icon) may change under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE_HOURLY = 'public, max-age=3600';
/**
 * The service worker's script is checked on every visit, so a new version is found at once (ADR 050); browsers
 * already skip their HTTP cache for it by default, and this says so to every cache on the way too.
 */
const SERVICE_WORKER = '/sw.js';
const REVALIDATE_ALWAYS = 'no-cache';

function cacheControlOf(urlPath: string): string {
  if (urlPath === SERVICE_WORKER) return REVALIDATE_ALWAYS;
  return urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE_HOURLY;
}

/**
 * Every file under webDir by URL path, except the page shell (index.html, answered by the pages handler), the
 * compressed copies themselves, and dot files and folders (dist/web/.vite/manifest.json is the build's own
 * map, read by ssr/preload.ts, not a page).
 */
export function loadStaticFiles(webDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      if (name.startsWith('.')) continue;
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (/\.(br|gz)$/.test(name) || /^index\.html$/.test(path.relative(webDir, full))) continue;
      const body = readFileSync(full);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      const copy = (ext: string) => {
        try {
          return readFileSync(full + ext);
        } catch {
          return null;
        }
      };
      const br = copy('.br');
      const gz = copy('.gz');
      const urlPath = '/' + path.relative(webDir, full).split(path.sep).join('/');
      files.set(urlPath, {
        type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: cacheControlOf(urlPath),
        variants: [
          ...(br ? [{ encoding: 'br' as const, body: br, etag: `"${hash}-br"` }] : []),
          ...(gz ? [{ encoding: 'gzip' as const, body: gz, etag: `"${hash}-gz"` }] : []),
          { encoding: null, body, etag: `"${hash}"` },
        ],
      });
    }
  };
  walk(webDir);
  return files;
}

/** The codings an Accept-Encoding header allows (q=0 refuses one; `*` stands for the rest). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === '*') star = ok;
    else (ok ? accepted : refused).add(name);
  }
  if (star) for (const name of ['br', 'gzip']) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

/** Does If-None-Match name one of this file's entity tags (any encoding: same content)? */
function notModified(header: string | undefined, file: StaticFile): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return file.variants.some((v) => tags.includes(v.etag));
}

function answer(file: StaticFile, request: FastifyRequest, reply: FastifyReply) {
  const compressed = file.variants.length > 1;
  const accepted = compressed ? acceptedEncodings(request.headers['accept-encoding']) : null;
  const variant = file.variants.find((v) => v.encoding === null || accepted!.has(v.encoding))!;
  reply.header('cache-control', file.cacheControl).header('etag', variant.etag).type(file.type);
  if (compressed) reply.header('vary', 'accept-encoding');
  if (notModified(request.headers['if-none-match'], file)) return reply.code(304).send();
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return reply.send(variant.body);
}

/**
 * The page's icon written into the page itself (`<link rel="icon" href="data:…">`): a cold visit makes one
 * request fewer, for a few hundred bytes more in each page (compressed with it). The file stays served for anything
 * that asks for it by name.
 */
export function inlineIcon(html: string, files: Map<string, StaticFile>): string {
  const icon = files
    .get('/favicon.svg')
    ?.variants.find((v) => v.encoding === null)
    ?.body.toString('utf8');
  if (!icon) return html;
  const uri =
    'data:image/svg+xml,' +
    icon
      .replace(/\s*\n\s*/g, ' ')
      .trim()
      .replace(/"/g, "'")
      .replace(/[%#<>&]/g, encodeURIComponent);
  return html.replace('href="/favicon.svg"', `href="${uri}"`);
}

/**
 * One GET (and HEAD) route per file; the global compression is off for them (their bytes are final), and so
 * are the two info lines Fastify logs per request (a large share of what serving a file costs, and a cold visit
 * is mostly files): failures are still logged.
 */
export function registerStaticFiles(app: FastifyInstance, files: Map<string, StaticFile>): void {
  for (const [url, file] of files)
    app.get(url, { compress: false, logLevel: 'warn' }, (request, reply) => {
      answer(file, request, reply);
    });
}
