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
 * A big answer (a server-rendered page, ADR 021) is first compressed at this quality, for the request that
 * computed it (a cache miss): much cheaper than quality 5 for slightly more bytes (docs/performance.md). The
 * next request to send it compresses the copy every later hit sends. An answer never sent twice (not kept, or
 * cleared at once) never pays for the better copy.
 */
const BROTLI_FIRST = 2;
/** Brotli quality of an answer sent once and never kept (sendFreshJson). */
const BROTLI_ONCE = 1;
const TWO_STEP_FROM_BYTES = 16 * 1024;
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
  const twoStep = first && body.length >= TWO_STEP_FROM_BYTES;
  const copy = brotli(body, twoStep ? BROTLI_FIRST : BROTLI_KEPT);
  if (twoStep) provisional.add(copy);
  return copy;
}

function brotli(body: string, quality: number): Buffer {
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
  });
}
