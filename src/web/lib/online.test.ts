// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_MS, whenOnline } from './online';

const setOnLine = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => {
  vi.useRealTimers();
  setOnLine(true);
});

describe('whenOnline', () => {
  it('waits for the connection after a failure offline, then loads', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('módulo');
    setOnLine(false);
    const loading = whenOnline(load)();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    setOnLine(true);
    await expect(loading).resolves.toBe('módulo');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries a failure the browser did not call offline once more a moment later, offline or not by then', async () => {
    vi.useFakeTimers();
    // Back online before the failure was handled: the retry loads it.
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('módulo');
    const loading = whenOnline(load)();
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe('módulo');

    // The offline event came after the failure: the retry fails offline and waits for the connection.
    const later = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue('módulo');
    const waiting = whenOnline(later)();
    await vi.advanceTimersByTimeAsync(0);
    setOnLine(false);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    expect(later).toHaveBeenCalledTimes(2);
    setOnLine(true);
    await expect(waiting).resolves.toBe('módulo');
    expect(later).toHaveBeenCalledTimes(3);
  });

  it('gives up on a second failure while online (a chunk that is not there)', async () => {
    vi.useFakeTimers();
    const missing = new Error('404');
    const load = vi.fn().mockRejectedValue(missing);
    const loading = whenOnline(load)();
    const settled = expect(loading).rejects.toBe(missing);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    await settled;
    expect(load).toHaveBeenCalledTimes(2);
  });
});
