import type { FastifyReply } from 'fastify';

/**
 * Public data may change any second (an owner pays, edits, deletes), so browsers revalidate every time;
 * the ETag makes that revalidation a cheap 304.
 */
export function publicData(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'public, no-cache');
}

/** Private data is never stored by shared caches. */
export function privateData(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'private, no-store');
}

/** Content-addressed assets never change under the same URL. */
export function immutableAsset(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'public, max-age=31536000, immutable');
}
