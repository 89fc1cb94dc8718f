/**
 * Offline half-way through a list: reads pause (they do not fail), so the lists must say why they stop growing,
 * keep what is on screen and carry on by themselves when the connection returns.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated, gridCards, main, PROMOS_END, promoCards, scrollToBottom } from './support/app';

const MORE_PROMOS = 'Sin conexión: mostramos más promociones apenas vuelva la conexión.';
const NO_MORE_COMERCIOS = 'No pudimos cargar más comercios.';

test('promociones: the next page waits for the connection with a Spanish notice, then loads', async ({
  page,
  context,
}) => {
  await gotoHydrated(page, '/promociones');
  await expect(promoCards(page)).toHaveCount(8);
  await context.setOffline(true);
  await scrollToBottom(page);
  await expect(main(page).getByText(MORE_PROMOS)).toBeVisible();
  await expect(promoCards(page)).toHaveCount(8);
  await context.setOffline(false);
  await expect(promoCards(page)).toHaveCount(16);
  await expect(main(page).getByText(MORE_PROMOS)).toHaveCount(0);
  await expect(page.getByText(PROMOS_END)).toHaveCount(0);
});

test('home grid: "Cargar más" offline says it could not load more (the banner says why), then loads it', async ({
  page,
  context,
}) => {
  await gotoHydrated(page, '/');
  await expect(gridCards(page).first()).toBeVisible();
  const shown = await gridCards(page).count();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Cargar más' }).click();
  await expect(main(page).getByText(NO_MORE_COMERCIOS)).toBeVisible();
  await expect(gridCards(page)).toHaveCount(shown);
  await context.setOffline(false);
  await expect.poll(() => gridCards(page).count()).toBeGreaterThan(shown);
  await expect(main(page).getByText(NO_MORE_COMERCIOS)).toHaveCount(0);
});
