/** Search on a phone forgives typos and word order, and offers the corrected words (issue 30). */
import { expect, test } from '@playwright/test';
import { gotoHydrated, gridNames, openHome, searchBox } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';

test('a typo still finds the business, and "¿Quisiste decir …?" opens the corrected search', async ({ page }) => {
  await openHome(page);
  await searchBox(page).fill('pizeria');
  await expect(page).toHaveURL(/[?&]q=pizeria(&|$)/);
  await expect(gridNames(page).first()).toHaveText('Pizzería La Tana');
  const suggestion = page.getByText('¿Quisiste decir');
  await expect(suggestion).toHaveText('¿Quisiste decir pizzería?');
  await expectNoSeriousA11yViolations(page, 'lista con "¿Quisiste decir…?"');

  await suggestion.getByRole('link', { name: 'pizzería' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent('pizzería')}(&|$)`));
  await expect(searchBox(page)).toHaveValue('pizzería');
  await expect(gridNames(page).first()).toHaveText('Pizzería La Tana');
  // The corrected words find it as typed: nothing left to correct.
  await expect(page.getByText('¿Quisiste decir')).toHaveCount(0);
});

test('words in any order find the business, and a server-rendered typo search offers its correction', async ({
  page,
}) => {
  await openHome(page);
  await searchBox(page).fill('nieve andes heladeria');
  await expect(gridNames(page).first()).toHaveText('Heladería Nieve de los Andes');
  await expect(page.getByText('¿Quisiste decir')).toHaveCount(0);

  await gotoHydrated(page, `/?q=${encodeURIComponent('ferreteria tornilo')}`);
  await expect(gridNames(page).first()).toHaveText('Ferretería El Tornillo');
  await page.getByRole('link', { name: 'ferreteria tornillo' }).click();
  await expect(searchBox(page)).toHaveValue('ferreteria tornillo');
  await expect(gridNames(page)).toHaveText(['Ferretería El Tornillo']);
});
