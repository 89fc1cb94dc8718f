/** The servers of the browser suite run the offline sandbox: every page must say that payments are not real. */
import { expect, test } from '@playwright/test';
import { openHome } from './support/app';

const banner = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Modo de prueba' });

test('a visible "modo de prueba" banner on every page while the sandbox takes the payments', async ({ page }) => {
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/payments/config')) configRequests.push(r.url());
  });
  await openHome(page);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveText(/^Modo de prueba: los pagos no son reales\./);
  // Above the header, at the top of the page.
  const box = await banner(page).boundingBox();
  expect(box?.y).toBe(0);

  await page.goto('/promociones');
  await expect(banner(page)).toBeVisible();
  await page.goto('/no-existe');
  await expect(banner(page)).toBeVisible();
  // The page itself says which provider runs: no extra request for it.
  expect(configRequests).toEqual([]);
});
