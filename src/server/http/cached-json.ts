import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sent } from './route';

/**
 * A public JSON answer kept ready to send: serialised once, hashed once, compressed at most once per
 * encoding. Cache hits then cost no JSON.stringify, no hashing and no compression.
 */
export interface CachedJson<T = unknown> {
  body: string;
  /** What `body` is the JSON of (type only), so a route answers the type its contract promises. */
  readonly value?: T;
  etag: string;
  /** The media type when it is not JSON (a crawler's XML or text file kept the same way). */
  type?: string;
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESS_FROM_BYTES = 1024;
/** Brotli quality of the copy cache hits send. */
const BROTLI_KEPT = 5;
/**
 * An answer is first compressed at this quality, for the request that computed it (a cache miss): much cheaper
 * than quality 5 for slightly more bytes (docs/performance.md). The next request to send it compresses the copy
 * every later hit sends. An answer never sent twice (not kept, cleared at once, or one of a cold cache's long
 * tail) never pays for the better copy. Once only for pages (ADR 021); for every size since a profile of misses
 * found quality 5 a large share of them (ADR 048).
 */
const BROTLI_FIRST = 2;
/** Brotli quality of an answer sent once and never kept (sendFreshJson). */
const BROTLI_ONCE = 1;
/** First copies still to be replaced. */
const provisional = new WeakSet<Buffer>();

export function toCachedJson<T>(value: T): CachedJson<T> {
  const body = JSON.stringify(value);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** A text answer (robots.txt, a sitemap) kept ready the same way as JSON. */
export function toCachedText(body: string, type: string): CachedJson<string> {
  return { body, type, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sends with its ETag (@fastify/etag answers a matching If-None-Match with 304) and a stored encoding. */
export function sendCachedJson<T>(request: FastifyRequest, reply: FastifyReply, entry: CachedJson<T>): Sent<T> {
  return send(request, reply, entry) as Sent<T>;
}

/**
 * An answer computed for this request alone and not kept ("Cerca mío": ADR 013): sent like a cached one (its
 * ETag still lets a browser revalidate), compressed at brotli's fastest quality, since no later request will
 * reuse the copy: the least CPU for a few more bytes.
 */
export function sendFreshJson<T>(request: FastifyRequest, reply: FastifyReply, value: T): Sent<T> {
  return send(request, reply, toCachedJson(value), BROTLI_ONCE) as Sent<T>;
}

/** A cached answer outside the typed contract (a server-rendered page, ADR 021). */
export function sendCachedText(request: FastifyRequest, reply: FastifyReply, entry: CachedJson): FastifyReply {
  return send(request, reply, entry);
}

function send(request: FastifyRequest, reply: FastifyReply, entry: CachedJson, onceQuality?: number): FastifyReply {
  reply
    .header('etag', entry.etag)
    .type(entry.type ?? 'application/json; charset=utf-8')
    .header('vary', 'accept-encoding');
  if (entry.body.length < COMPRESS_FROM_BYTES) return reply.send(entry.body);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    if (onceQuality !== undefined) return reply.header('content-encoding', 'br').send(brotli(entry.body, onceQuality));
    if (!entry.br || provisional.has(entry.br)) entry.br = brotliOf(entry.body, !entry.br);
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    entry.gzip ??= gzipSync(entry.body, { level: onceQuality === undefined ? 6 : 1 });
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}

function brotliOf(body: string, first: boolean): Buffer {
  const copy = brotli(body, first ? BROTLI_FIRST : BROTLI_KEPT);
  if (first) provisional.add(copy);
  return copy;
}

function brotli(body: string, quality: number): Buffer {
  const bytes = Buffer.byteLength(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(bytes),
    },
  });
}

/**
 * The smallest window that holds the whole answer: a wider one compresses it no better, but from quality 5 up
 * brotli sizes its match tables by the window, and under the start script's malloc settings (tables above the
 * mmap threshold are mapped and zeroed afresh on every call) the default window cost most of a cache miss's
 * compression (bench/results/2026-11-27-miss-profile.md).
 */
function windowBits(bytes: number): number {
  return Math.min(
    constants.BROTLI_DEFAULT_WINDOW,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );
}
