import { lazy, type LazyExoticComponent } from 'react';

/** What React.lazy accepts as a component (any props). */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/**
 * A chunk's loader that remembers the module once it has arrived: from then on it answers with a thenable that
 * calls back at once, so a React.lazy made from it (or from its `.then`) renders on its first render instead of
 * suspending.
 *
 * Why: a server-rendered page hydrates its view from a lazy chunk. While that view's Suspense boundary waits for
 * its code, React cannot hydrate it, and a tap on a button inside it (the gallery, the favourite) is dropped:
 * React answers a click on a part not hydrated yet by hydrating that part there and then, and a part whose code
 * is missing stays as the server drew it, the click stopped. So main.tsx loads the page's view with these loaders
 * before it hydrates: once hydration starts no part of the page waits for code, and every tap is React's to replay.
 *
 * What it answers is a thenable, not a promise: `then` only, with a callback that returns a plain value (a picked
 * export). React.lazy, `await` and Promise.all need no more.
 */
export function remembered<M>(load: () => Promise<M>): () => PromiseLike<M> {
  let module: M | undefined;
  return () => (module ? settled(module) : load().then((m) => (module = m)));
}

function settled<T>(value: T): PromiseLike<T> {
  // React.lazy has the module within its own call to `then` (react's lazyInitializer), so it does not suspend.
  return { then: (onFulfilled) => settled(onFulfilled!(value)) } as PromiseLike<T>;
}

/** React.lazy, typed for what it reads of its loader's answer: a thenable (React calls `then`, nothing else). */
export const lazyView = lazy as <T extends LazyComponent>(
  load: () => PromiseLike<{ default: T }>,
) => LazyExoticComponent<T>;
