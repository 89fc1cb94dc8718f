import { expect, it } from 'vitest';
import { promiseHooksOn } from '#test/server/promise-hooks';
import { sourceRenderer } from '#test/server/ssr';

// Its own file: Better Auth turns the hooks on at the first sign-in (ADR 008, amendment 13), so this must run in
// a process where nobody signed in.
it('rendering a lazy view for the first time leaves Node’s promise hooks off (React’s edge build)', async () => {
  expect(await promiseHooksOn()).toBe(false);
  const renderer = await sourceRenderer();
  const { html } = await renderer.render(
    { pathname: '/comercio/999', search: '' },
    { kind: 'not-found', comercio: true },
    { now: new Date(), paymentsProvider: 'sandbox' },
  );
  // The lazy view's markup is there, not a boundary left to the browser: React's prerender waited for it.
  expect(html).not.toContain('<!--$!-->');
  expect(html.length).toBeGreaterThan(200);
  expect(await promiseHooksOn()).toBe(false);
});
