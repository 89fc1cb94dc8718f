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

/** How long a chunk's loader waits before its one retry of a failure the browser did not call offline. */
export const CHUNK_RETRY_MS = 1000;

const backOnline = () => new Promise<void>((back) => window.addEventListener('online', () => back(), { once: true }));

/**
 * A chunk's loader that, when it fails without a connection, waits for the connection and tries again instead of
 * failing: a lazy piece inside Suspense keeps its server-rendered markup meanwhile (React retries the hydration).
 * A failure while the browser still says it is online is tried once more a moment later: the browser can learn of a
 * dropped connection after a fetch has already failed on it, or have it back by the time the failure is handled
 * (seen under load in e2e/sandbox-banner.spec.ts), and the piece was then lost until a reload.
 */
export function whenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  const attempt = async (retried: boolean): Promise<T> => {
    try {
      return await load();
    } catch (err) {
      if (isOffline()) {
        await backOnline();
        return attempt(false);
      }
      if (retried) throw err;
      await new Promise((later) => setTimeout(later, CHUNK_RETRY_MS));
      return attempt(true);
    }
  };
  return () => attempt(false);
}
