import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has no connection. TanStack Query's onlineManager follows the browser's
 * online/offline events (it pauses reads while offline and resumes them on reconnect); navigator.onLine covers
 * the moment before the first event.
 */
export function isOffline(): boolean {
  return !onlineManager.isOnline() || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** isOffline() as React state: re-renders when the connection goes or comes back. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const stop = onlineManager.subscribe(onChange);
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        stop();
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    isOffline,
    () => false,
  );
}

/**
 * A chunk's loader that, when it fails without a connection, waits for the connection and tries again instead of
 * failing: a lazy piece inside Suspense keeps its server-rendered markup meanwhile (React retries the hydration).
 */
export function whenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  const attempt = async (): Promise<T> => {
    try {
      return await load();
    } catch (err) {
      if (!isOffline()) throw err;
      await new Promise<void>((back) => window.addEventListener('online', () => back(), { once: true }));
      return attempt();
    }
  };
  return attempt;
}
