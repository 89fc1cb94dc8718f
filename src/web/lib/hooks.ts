import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { useInitialRender } from './render-context';

/** The value, settled for `delayMs` (search box). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The current time, refreshed every `intervalMs` (open-now pill, countdowns). */
export function useNow(intervalMs = 60_000): Date {
  // Hydrating a server-rendered page: start from the server's clock (same markup), then catch up at once.
  const rendered = useInitialRender()?.now;
  const [now, setNow] = useState(() => rendered ?? new Date());
  const caughtUp = !rendered;
  useEffect(() => {
    if (!caughtUp) setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, caughtUp]);
  return now;
}

/** Spec §8: load failures are logged (and handled quietly on screen by the caller). */
export function useLogError(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`No se pudieron cargar ${what}:`, error);
  }, [error, what]);
}

export const APP_TITLE = 'Vidriera · Comercios y promociones de Mendoza';

/** "Panadería La Espiga · Vidriera" while a view is shown; the app title otherwise. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Vidriera` : APP_TITLE;
  }, [title]);
}

/** Whether a media query matches now (false where matchMedia is missing, e.g. jsdom): follows changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true afterwards (and at once in a page rendered in the browser): for
 * controls that can act only with the page's JavaScript ("Cerca mío"), so the hydrated markup matches the server's.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * False until the element comes within `margin` of the viewport, then true for good: for parts worth loading
 * only when the visitor gets to them (a Leaflet map and its tiles, off the first screen). True at once where
 * IntersectionObserver does not exist.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '100px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
