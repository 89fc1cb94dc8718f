/** The home header on a 360 px phone: the search placeholder and every locality are shown whole. */
import { expect, test } from '@playwright/test';
import { expectControlTextFits, expectNoHorizontalOverflow } from './support/layout';
import { openHome, searchBox, SEARCH_PLACEHOLDER } from './support/app';

test('the search placeholder and each locality fit the header of a 360 px phone', async ({ page }) => {
  expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
  await openHome(page);
  await expectControlTextFits(searchBox(page), SEARCH_PLACEHOLDER, 'search placeholder');
  const select = page.getByRole('combobox', { name: 'Localidad' });
  for (const option of await select.locator('option').allTextContents()) {
    await select.selectOption({ label: option });
    await expect(select.locator('option:checked')).toHaveText(option);
    await expectControlTextFits(select, option, `locality "${option}"`);
    await expectNoHorizontalOverflow(page, `home with ${option}`);
  }
});

test('each locality fits the picker of the promotions page on a 360 px phone', async ({ page }) => {
  await page.goto('/promociones');
  const select = page.getByRole('main').getByRole('combobox', { name: 'Localidad' });
  for (const option of await select.locator('option').allTextContents()) {
    await select.selectOption({ label: option });
    await expect(select.locator('option:checked')).toHaveText(option);
    await expectControlTextFits(select, option, `promotions locality "${option}"`);
    await expectNoHorizontalOverflow(page, `promociones with ${option}`);
  }
});
