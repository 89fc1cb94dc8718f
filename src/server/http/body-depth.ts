import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/** Deeper than any form of ours (a business with its promotions is 4 levels). */
export const MAX_BODY_DEPTH = 16;

/** How deep a parsed JSON value nests, counted without recursion (a hostile body must not overflow the stack). */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const here = depth + 1;
    if (here > max) max = here;
    if (max > limit) return max;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, here]);
  }
  return max;
}

/**
 * Refuses JSON nested deeper than MAX_BODY_DEPTH before any handler: Better Auth's endpoints (and any
 * recursive validator) answered 500 to a body of a few thousand nested arrays, which JSON.parse accepts.
 */
export function registerBodyDepthLimit(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (
      request.body !== null &&
      typeof request.body === 'object' &&
      !Buffer.isBuffer(request.body) &&
      jsonDepth(request.body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH
    ) {
      return reply
        .status(400)
        .send(errorBody('body_too_deep', 'Los datos enviados tienen demasiados niveles anidados.'));
    }
  });
}
