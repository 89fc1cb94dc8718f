// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_STEP_DELAY_MS } from '#shared/constants';
import { pastScrollThreshold, useScrollStepPaging, type ScrollMetrics } from './scrollStep';

describe('pastScrollThreshold', () => {
  it('is reached when the bottom of the viewport passes 90% of the page', () => {
    expect(pastScrollThreshold({ scrollY: 0, viewportHeight: 740, documentHeight: 3000 })).toBe(false);
    expect(pastScrollThreshold({ scrollY: 1959, viewportHeight: 740, documentHeight: 3000 })).toBe(false);
    expect(pastScrollThreshold({ scrollY: 1960, viewportHeight: 740, documentHeight: 3000 })).toBe(true);
  });

  it('is reached at once when the content fits the screen', () => {
    expect(pastScrollThreshold({ scrollY: 0, viewportHeight: 800, documentHeight: 700 })).toBe(true);
    expect(pastScrollThreshold({ scrollY: 0, viewportHeight: 800, documentHeight: 0 })).toBe(false);
  });
});

describe('useScrollStepPaging', () => {
  let metrics: ScrollMetrics;
  const readMetrics = () => metrics;
  const scrollTo = (scrollY: number) => {
    metrics = { ...metrics, scrollY };
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    metrics = { scrollY: 0, viewportHeight: 740, documentHeight: 3000 };
  });
  afterEach(() => vi.useRealTimers());

  it('waits the step delay past the threshold, showing pending, then loads once', () => {
    const loadNext = vi.fn();
    const { result } = renderHook(() => useScrollStepPaging({ canLoad: true, loadNext, contentKey: 8, readMetrics }));
    scrollTo(1000);
    expect(result.current.pending).toBe(false);
    scrollTo(2100);
    expect(result.current.pending).toBe(true);
    scrollTo(2200); // more scroll events while waiting do not start a second step
    act(() => {
      vi.advanceTimersByTime(SCROLL_STEP_DELAY_MS - 1);
    });
    expect(loadNext).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(loadNext).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(false);
  });

  it('does nothing while it cannot load (no more pages, or one already loading)', () => {
    const loadNext = vi.fn();
    renderHook(() => useScrollStepPaging({ canLoad: false, loadNext, contentKey: 8, readMetrics }));
    scrollTo(2500);
    act(() => {
      vi.advanceTimersByTime(SCROLL_STEP_DELAY_MS * 3);
    });
    expect(loadNext).not.toHaveBeenCalled();
  });

  it('loads the next step by itself when the new content still does not fill the page', () => {
    metrics = { scrollY: 0, viewportHeight: 900, documentHeight: 800 };
    const loadNext = vi.fn();
    const { rerender } = renderHook(
      (props: { canLoad: boolean; count: number }) =>
        useScrollStepPaging({ canLoad: props.canLoad, loadNext, contentKey: props.count, readMetrics }),
      { initialProps: { canLoad: true, count: 8 } },
    );
    act(() => {
      vi.advanceTimersByTime(SCROLL_STEP_DELAY_MS);
    });
    expect(loadNext).toHaveBeenCalledTimes(1);
    rerender({ canLoad: false, count: 8 }); // fetching
    metrics = { ...metrics, documentHeight: 1600 };
    rerender({ canLoad: true, count: 16 }); // 16 cards now, page taller than the screen
    act(() => {
      vi.advanceTimersByTime(SCROLL_STEP_DELAY_MS * 2);
    });
    expect(loadNext).toHaveBeenCalledTimes(1);
  });

  it('drops a waiting step when loading stops being possible', () => {
    const loadNext = vi.fn();
    const { result, rerender } = renderHook(
      (props: { canLoad: boolean }) =>
        useScrollStepPaging({ canLoad: props.canLoad, loadNext, contentKey: 8, readMetrics }),
      { initialProps: { canLoad: true } },
    );
    scrollTo(2500);
    expect(result.current.pending).toBe(true);
    rerender({ canLoad: false });
    act(() => {
      vi.advanceTimersByTime(SCROLL_STEP_DELAY_MS * 2);
    });
    expect(loadNext).not.toHaveBeenCalled();
    expect(result.current.pending).toBe(false);
  });
});
