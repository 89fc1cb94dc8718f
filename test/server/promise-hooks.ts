import { executionAsyncId } from 'node:async_hooks';

/**
 * Whether Node 20's promise hooks are on (an AsyncLocalStorage has run and was not disabled): a promise reaction
 * then runs in an async context of its own (id ≠ 0). They cost every promise of every request (ADR 008, amendment 13).
 */
export const promiseHooksOn = async (): Promise<boolean> =>
  (await Promise.resolve().then(() => executionAsyncId())) !== 0;
