import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(level = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, stream: { write: (line) => void lines.push(line) } });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the process logger', () => {
  it('writes a failed query without the parameters a user typed, from any call site', () => {
    const { logger, lines, parsed } = capture();
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    logger.error(
      { err: new DrizzleQueryError('SELECT $1::text', ['dato-secreto'], cause) },
      'background upkeep failed',
    );
    expect(lines.join('')).not.toContain('dato-secreto');
    expect(parsed()[0]).toMatchObject({
      level: 50,
      msg: 'background upkeep failed',
      err: { type: 'DrizzleQueryError', query: 'SELECT $1::text', cause: { code: '22021' } },
    });
  });

  it('keeps other errors whole (type, message, stack) and follows its level', () => {
    const { logger, parsed } = capture('warn');
    logger.info('not written');
    logger.warn({ err: new TypeError('boom') }, 'written');
    const [line, ...rest] = parsed();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ msg: 'written', err: { type: 'TypeError', message: 'boom' } });
    expect((line!.err as { stack: string }).stack).toContain('TypeError: boom');
  });
});
