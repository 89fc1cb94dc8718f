import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Better Auth keeps its endpoint, request and transaction context in AsyncLocalStorage. On Node 20 the first
 * `run` of any AsyncLocalStorage turns on the process's promise hooks, and they stay on: after the first
 * sign-in, every promise of every request paid for them (~25 % more server CPU on a cached public answer,
 * ADR 008 amendment 13). Every call into Better Auth goes through `withBetterAuth`; when the last one in flight
 * has settled, its storages are disabled, which turns the hooks off again. The next call's `run` turns them on.
 *
 * Safe because nothing of Better Auth's outlives its call here: with no `backgroundTasks` handler configured it
 * awaits its own background work (`runInBackgroundOrAwait`), and outside a call we only read through it
 * (`findSession`, `password.verify`), where a disabled storage reads as "no context", as before the first run.
 */
let inFlight = 0;

export async function withBetterAuth<T>(call: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call();
  } finally {
    if (--inFlight === 0) releaseContexts();
  }
}

/** Where Better Auth 1.x keeps its storages (`@better-auth/core`'s context/global). */
const GLOBAL = Symbol.for('better-auth:global');
const STORAGES = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'];

function releaseContexts(): void {
  const context = (globalThis as { [GLOBAL]?: { context?: Record<string, unknown> } })[GLOBAL]?.context;
  for (const key of STORAGES) (context?.[key] as AsyncLocalStorage<unknown> | undefined)?.disable();
}
