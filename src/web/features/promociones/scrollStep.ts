import { useEffect, useRef, useState } from 'react';
import { SCROLL_STEP_DELAY_MS, SCROLL_THRESHOLD } from '#shared/constants';

export interface ScrollMetrics {
  scrollY: number;
  viewportHeight: number;
  documentHeight: number;
}

/** Spec §9: the next step loads once the bottom of the viewport passes 90% of the page height. */
export function pastScrollThreshold(
  { scrollY, viewportHeight, documentHeight }: ScrollMetrics,
  threshold = SCROLL_THRESHOLD,
): boolean {
  if (documentHeight <= 0) return false;
  return (scrollY + viewportHeight) / documentHeight >= threshold;
}

function windowMetrics(): ScrollMetrics {
  return {
    scrollY: window.scrollY,
    viewportHeight: window.innerHeight,
    documentHeight: document.documentElement.scrollHeight,
  };
}

interface ScrollStepOptions {
  /** More pages exist and none is loading or failed: a step may start. */
  canLoad: boolean;
  loadNext(): void;
  delayMs?: number;
  threshold?: number;
  /** Changes when the page grows (item count): the check runs again, e.g. when the content fits the screen. */
  contentKey: unknown;
  readMetrics?: () => ScrollMetrics;
}

/**
 * Scroll-step paging (8 more per step): past the threshold, wait `delayMs` (pending = show a loader), then load.
 * One step at a time; a short page that does not reach the threshold keeps loading until it does.
 */
export function useScrollStepPaging({
  canLoad,
  loadNext,
  delayMs = SCROLL_STEP_DELAY_MS,
  threshold = SCROLL_THRESHOLD,
  contentKey,
  readMetrics = windowMetrics,
}: ScrollStepOptions): { pending: boolean } {
  const [pending, setPending] = useState(false);
  const timer = useRef<number | null>(null);
  const loadRef = useRef(loadNext);
  loadRef.current = loadNext;
  const readRef = useRef(readMetrics);
  readRef.current = readMetrics;

  useEffect(() => {
    if (!canLoad) return;
    const check = () => {
      if (timer.current !== null || !pastScrollThreshold(readRef.current(), threshold)) return;
      setPending(true);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        setPending(false);
        loadRef.current();
      }, delayMs);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [canLoad, delayMs, threshold, contentKey]);

  // Drop a waiting step when loading is no longer possible (filter changed, unmounted).
  useEffect(() => {
    if (canLoad) return;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setPending(false);
  }, [canLoad]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return { pending };
}
