/**
 * A first-time visitor's phone (empty cache, no cookies) opening the home page: what it asks the server for
 * and how each answer comes (issue 14, ADR 008 amendment 5). `npm run bench` replays this same visit.
 */
import { expect, test, type Response } from '@playwright/test';
import { featured, gridCards } from './support/app';

test('a cold home visit: icon in the page, files precompressed and immutable, page-only headers on the page only', async ({
  page,
}) => {
  const cspMessages: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) cspMessages.push(msg.text());
  });
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto('/');
  await expect(gridCards(page).first()).toBeVisible();
  await expect(featured(page).getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const origin = new URL(page.url()).origin;
  const ours = responses.filter((r) => r.url().startsWith(origin));
  const paths = ours.map((r) => new URL(r.url()).pathname + new URL(r.url()).search);
  // The icon travels inside the page: no request for it.
  expect(paths).not.toContain('/favicon.svg');
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
  // Nothing is asked twice.
  expect(paths.length, paths.join('\n')).toBe(new Set(paths).size);

  for (const r of ours) {
    const headers = await r.allHeaders();
    const path = new URL(r.url()).pathname;
    const kind = r.request().resourceType();
    expect(r.status(), path).toBe(200);
    if (kind === 'document') {
      expect(headers['content-security-policy'], path).toBeDefined();
      continue;
    }
    expect(headers['content-security-policy'], path).toBeUndefined();
    expect(headers['x-frame-options'], path).toBeUndefined();
    if (path.startsWith('/assets/')) {
      expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      // Every script and style above the build's 1 kB threshold comes as its brotli copy.
      if (Number(headers['content-length'] ?? 0) > 1024 || headers['content-encoding'])
        expect(headers['content-encoding'], path).toBe('br');
    }
    if (path.startsWith('/api/imagenes/')) {
      expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(headers['content-type'], path).toBe('image/webp');
    }
  }
  // A guest's session question is answered (null) without a cookie.
  const session = ours.find((r) => r.url().endsWith('/api/auth/get-session'));
  if (session) expect(await session.json()).toBeNull();
  expect(cspMessages, cspMessages.join('\n')).toEqual([]);
});
