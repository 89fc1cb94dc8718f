import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('is the config zod reads: schemas parse without compiling code (no eval under the CSP)', () => {
    expect(z.config().jitless).toBe(true);
    // With jitless, zod never runs its `new Function` probe; a parse must not reach Function at all.
    const original = globalThis.Function;
    let called = false;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        called = true;
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args) {
        called = true;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(called).toBe(false);
  });
});
