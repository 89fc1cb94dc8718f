import { useEffect, useState, useSyncExternalStore } from 'react';

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
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
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
