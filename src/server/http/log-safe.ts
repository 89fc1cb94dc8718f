import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * An error as it may be written to the log. A failed query carries its parameters (what a user typed:
 * emails, names, search words) in its message and fields; the log keeps the SQL text, the database's
 * error code and message, and the stack, never the parameters.
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof DrizzleQueryError)) return err;
  const cause = err.cause as { message?: string; code?: unknown } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: 'Failed query',
    query: err.query,
    cause: cause ? { message: cause.message ?? '', code: cause.code } : undefined,
    // The stack's first lines repeat the message, parameters included: keep only the frames.
    stack: err.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}
