import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { apiServer } from './msw';

// Views, dialogs and the login form are lazily loaded chunks (ADR 023): a test's first import of one is
// compiled on the spot, which on a loaded machine takes more than the default second of findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// Every request must be one the test (or the defaults) answers: nothing reaches a real network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

/**
 * jsdom has <dialog> with its `open` attribute but not its methods: they open and close it as a browser does,
 * the close event included (the side menu is a native dialog shown with showModal(), SideMenu.tsx). What only a
 * browser does (the top layer, Escape, a tap outside, the invoker commands) is for the browser tests.
 */
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

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
