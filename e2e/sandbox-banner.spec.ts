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

test('a connection lost while the page hydrates keeps the page and its banner, which wakes up once back online', async ({
  page,
  context,
}) => {
  // The banner's code is held until the connection is gone, then fails as a dropped connection does.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let blocked = true;
  await page.route('**/assets/SandboxBannerView-*.js', async (route) => {
    if (!blocked) return route.continue();
    await held;
    await route.abort('internetdisconnected');
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const requested = page.waitForRequest(/SandboxBannerView-.*\.js/);
  await page.goto('/comercio/1');
  await requested;
  await context.setOffline(true);
  blocked = false;
  release();

  // Still the business page (not the "Sin conexión" screen that replaces it), with the server's banner.
  await expect(page.getByRole('heading', { level: 1, name: 'Panadería La Espiga de Oro' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(banner(page)).toBeVisible();

  const again = page.waitForResponse(/SandboxBannerView-.*\.js/);
  await context.setOffline(false);
  expect((await again).ok()).toBe(true);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});
