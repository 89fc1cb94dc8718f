/** Smaller stumbles on a phone: 404 pages, "Cómo llegar", the copy toast, promotions by locality, discount badges. */
import { expect, test } from '@playwright/test';
import { bottomNav, gotoHydrated, main, promoCards } from './support/app';
import { byName, UNPUBLISHED, visiblePromos } from './support/sample';

const ESPIGA = byName('Panadería La Espiga de Oro');

test('an unknown or unpublished business page answers 404 from the server and shows the not-found view', async ({
  page,
}) => {
  for (const id of [99999, UNPUBLISHED.id]) {
    const response = await page.goto(`/comercio/${id}`);
    expect(response?.status(), `/comercio/${id}`).toBe(404);
    await expect(page.getByRole('heading', { name: 'No encontramos este comercio' })).toBeVisible();
  }
  const published = await page.goto(`/comercio/${ESPIGA.id}`);
  expect(published?.status()).toBe(200);
});

test('Cómo llegar gives directions to the business pin', async ({ page }) => {
  await page.goto(`/comercio/${ESPIGA.id}`);
  const link = main(page).getByRole('link', { name: /^Cómo llegar/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  const href = new URL((await link.getAttribute('href'))!);
  // A business with a pin gets directions to it (one without a pin: a search of its address, see mapsLink).
  expect(href.origin + href.pathname).toBe('https://www.google.com/maps/dir/');
  expect(href.searchParams.get('api')).toBe('1');
  expect(href.searchParams.get('destination')).toBe(`${ESPIGA.ubicacion.lat},${ESPIGA.ubicacion.lng}`);
});

test('"Enlace copiado" shows above the bottom navigation, not behind it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // No share sheet: the link goes to the clipboard, as on most desktop browsers.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.goto(`/comercio/${ESPIGA.id}`);
  const share = main(page).getByRole('button', { name: 'Compartir' });
  // The share button low on the screen, just above the navigation bar, as when scrolling the page.
  const navTop = (await bottomNav(page).boundingBox())!.y;
  await share.evaluate((el, top) => window.scrollBy(0, el.getBoundingClientRect().bottom - top + 8), navTop);
  await share.click();
  const toast = page.getByRole('status').filter({ hasText: 'Enlace copiado' });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(navTop);
  // Nothing paints over it (hit-testing skips pointer-events: none, so let the toast take part for this check).
  await toast.evaluate((el) => (el.style.pointerEvents = 'auto'));
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Enlace copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('promociones filters by locality on the server, kept in the URL', async ({ page }) => {
  await page.goto('/promociones');
  await expect(promoCards(page).first()).toBeVisible();
  await main(page).getByLabel('Localidad').selectOption({ label: 'Guaymallén' });
  await expect(page).toHaveURL(/\/promociones\?localidad=Guaymallen$/);
  const expected = new Set(
    visiblePromos()
      .filter((p) => p.comercio.localidad === 'Guaymallen')
      .map((p) => p.comercio.nombre),
  );
  expect(expected.size).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const names = await promoCards(page).locator('p span.font-bold').allTextContents();
      return names.length > 0 && names.every((n) => expected.has(n.trim()));
    })
    .toBe(true);
  await page.reload();
  await expect(main(page).getByLabel('Localidad')).toHaveValue('Guaymallen');
});

test('the discount badge sits on the picture edge, clear of the business name drawn in it', async ({ page }) => {
  await page.goto('/promociones');
  await expect(promoCards(page).first()).toBeVisible();
  const cards = (await promoCards(page).all()).slice(0, 8);
  for (const card of cards) {
    const badge = (await card.getByTestId('descuento').boundingBox())!;
    const image = (await card.locator('img').first().boundingBox())!;
    const overlap = Math.max(0, image.y + image.height - badge.y);
    // The sample pictures draw the name and trade above 88 % of their height (scripts/generate-sample-images.ts).
    expect(overlap / image.height).toBeLessThanOrEqual(0.12);
    expect(badge.y + badge.height).toBeGreaterThan(image.y + image.height);
  }
});

test('Denunciar without a connection says so beside the button, and opens once the connection is back', async ({
  page,
  context,
}) => {
  // Hydrated (the session check the app makes once it runs, waited for from before the navigation).
  await gotoHydrated(page, `/comercio/${ESPIGA.id}`);
  const denunciar = page.getByRole('button', { name: `Denunciar el comercio ${ESPIGA.nombre}` });
  await context.setOffline(true);
  await denunciar.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Sin conexión: no pudimos abrir la denuncia.' }),
  ).toBeVisible();
  // The page is still there, not the error screen.
  await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
  await context.setOffline(false);
  await denunciar.click();
  await expect(page.getByRole('dialog', { name: 'Denunciar comercio' })).toBeVisible();
});
