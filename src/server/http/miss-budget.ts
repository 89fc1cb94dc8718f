import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A per-address budget of public answers computed for the asker (ADR 048): a cache hit costs a few microseconds,
 * a miss a database round trip and a render, so one address asking for distinct uncached URLs (random search
 * words, page numbers) could hold the server for everyone. Past the budget that address gets 429 for answers the
 * cache does not hold, while every cached answer, its own included, is still served.
 */
export const TOO_MANY_MISSES = 'Hiciste muchas búsquedas seguidas. Esperá un momento y probá de nuevo.';

/** Called by the public cache before it computes an answer nobody holds or is computing; throws 429 past the budget. */
export type AdmitMiss = () => Promise<void>;

type Check = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The miss budget's counter (registerMissBudget); route instances inherit it from the root. */
    missBudget?: Check;
  }
}

/**
 * Counts misses per client address (request.ip: what the trusted proxy saw, ADR 024) in this instance's memory,
 * with @fastify/rate-limit's own store, in a scope of its own: registered at the root it would add its limit to
 * every route that declares one (taps, sign-in). The minute's budget is spent a sixth per 10 s: a flood let through
 * a whole minute's misses at once held the other visitors for seconds (bench/results/2026-11-27-miss-flood.md).
 * Call before the routes are registered.
 */
export async function registerMissBudget(app: FastifyInstance, perMinute: number): Promise<void> {
  let check: Check | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      max: Math.max(1, Math.ceil(perMinute / 6)),
      timeWindow: 10_000,
      // Hashed, so the store's keys are short and hold no address in clear.
      keyGenerator: (request) => createHash('sha256').update(request.ip).digest('base64url'),
      // At most this many addresses remembered; the least recent leave first.
      cache: 10_000,
    });
    check = scope.createRateLimit();
  });
  app.decorate('missBudget', check);
}

/** The 429 of a spent budget, with the seconds until the address's window starts again. */
export class TooManyMisses extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_misses', TOO_MANY_MISSES);
  }
}

/** The admission for one request's misses; none when the app has no budget (tests that build a bare app). */
export function missAdmission(request: FastifyRequest): AdmitMiss | undefined {
  const check = request.server.missBudget;
  if (!check) return undefined;
  return async () => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new TooManyMisses(result.ttlInSeconds);
  };
}
