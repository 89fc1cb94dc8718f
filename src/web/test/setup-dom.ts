import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { apiServer } from './msw';

// Every request must be one the test (or the defaults) answers: nothing reaches a real network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

/** jsdom has no scrolling: record the calls instead of letting jsdom warn about every one. */
beforeEach(() => {
  window.scrollTo = vi.fn();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  apiServer.events.removeAllListeners();
  vi.unstubAllGlobals();
  document.body.style.overflow = '';
});
