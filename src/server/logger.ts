import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { loggableError } from './http/log-safe';
import { sourceMappedStack } from './source-mapped-stack';

export type { Logger };

/**
 * The process's one logger (JSON lines, pino), made before anything else so the database, the payments and
 * Fastify (its `loggerInstance`) all write through it. Every `err` field goes through `loggableError`, so a
 * failed query is logged without the parameters a user typed, whichever call site logs it, and with its stack
 * pointing at the TypeScript sources.
 */
export function createLogger(opts: { level: string; stream?: DestinationStream }): Logger {
  return pino(
    {
      level: opts.level,
      serializers: {
        err: (err: unknown) => {
          const safe = loggableError(err);
          const serialized = safe === err && err instanceof Error ? stdSerializers.err(err) : safe;
          return withSourceMappedStack(serialized);
        },
      },
    },
    opts.stream,
  );
}

function withSourceMappedStack(err: unknown): unknown {
  if (typeof err !== 'object' || err === null || !('stack' in err) || typeof err.stack !== 'string') return err;
  return { ...err, stack: sourceMappedStack(err.stack) };
}
