import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A public JSON answer kept ready to send: serialised once, hashed once, compressed at most once per
 * encoding. Cache hits then cost no JSON.stringify, no hashing and no compression.
 */
export interface CachedJson {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESS_FROM_BYTES = 1024;

export function toCachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sends with its ETag (@fastify/etag answers a matching If-None-Match with 304) and a stored encoding. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: CachedJson): FastifyReply {
  reply.header('etag', entry.etag).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (entry.body.length < COMPRESS_FROM_BYTES) return reply.send(entry.body);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}
