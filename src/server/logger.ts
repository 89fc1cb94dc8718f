import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { loggableError } from './http/log-safe';

export type { Logger };

/**
 * The process's one logger (JSON lines, pino), made before anything else so the database, the payments and
 * Fastify (its `loggerInstance`) all write through it. Every `err` field goes through `loggableError`, so a
 * failed query is logged without the parameters a user typed, whichever call site logs it.
 */
export function createLogger(opts: { level: string; stream?: DestinationStream }): Logger {
  return pino(
    {
      level: opts.level,
      serializers: {
        err: (err: unknown) => {
          const safe = loggableError(err);
          return safe === err && err instanceof Error ? stdSerializers.err(err) : safe;
        },
      },
    },
    opts.stream,
  );
}
