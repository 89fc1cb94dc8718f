/**
 * No tap is lost while a page settles: "Menú" tapped at any moment after the page arrives opens the menu, whether
 * the app's scripts have not arrived yet (the boot script keeps the tap, src/web/lib/pending-tap.ts gives it back)
 * or are hydrating (React's own replay). Each tap is made once, with a finger on the screen where the button is
 * drawn (no waiting for the page to be ready, as `tap()` would), in a fresh browser context.
 */
import { expect, test, type Page } from '@playwright/test';

test.use({ hasTouch: true });

async function tapMenu(page: Page): Promise<void> {
  const box = (await page.getByRole('button', { name: 'Menú' }).boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

for (const path of ['/', '/comercio/1']) {
  test(`Menú tapped on ${path} while the app's script is still on its way opens the menu once it runs`, async ({
    page,
  }) => {
    // A slow connection: the app's entry script arrives only after the tap.
    let tapped: () => void = () => undefined;
    const afterTap = new Promise<void>((resolve) => (tapped = resolve));
    const entryRequested = page.waitForRequest(/\/assets\/index-[\w-]+\.js$/);
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await afterTap;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await tapMenu(page);
    await entryRequested; // the tap itself starts the scripts when the photo has not yet
    await expect(menu).toBeHidden();
    tapped();
    await expect(menu).toBeVisible();
  });

  // The moments the issue names, after DOMContentLoaded; on a fast machine the later ones land after hydration.
  for (const moment of [0, 250, 500, 1000, 2000]) {
    test(`Menú tapped ${moment} ms after ${path} arrives opens the menu`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      if (moment > 0) await page.waitForTimeout(moment);
      await tapMenu(page);
      await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible();
    });
  }
}
