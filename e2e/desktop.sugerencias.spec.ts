/** Suggestions as you type with the keyboard alone, on a desktop (issue 30, ADR 046). */
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, grid, gridSettled, searchBox } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';

/** Tabs from the top of the page to the search box, as a keyboard does. */
async function tabToSearch(page: Page): Promise<void> {
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    if (await searchBox(page).evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the search box');
}

const activeOption = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

test('type, ArrowDown to a business, Enter opens it; a word is chosen the same way and searched', async ({ page }) => {
  await gotoHydrated(page, '/');
  await tabToSearch(page);
  await page.keyboard.type('ferre', { delay: 60 });
  const list = page.getByRole('listbox', { name: 'Sugerencias' });
  await expect(list.getByRole('option', { name: /^Ferretería El Tornillo/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  expect(await activeOption(page)).toMatch(/^Ferretería El Tornillo/);
  await expect(searchBox(page)).toBeFocused();
  await expect(page).toHaveURL(/[?&]q=ferre(&|$)/);
  await gridSettled(page);
  await expectNoSeriousA11yViolations(page, 'sugerencias con una opción activa');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/comercio\/\d+-ferreteria-el-tornillo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ferretería El Tornillo' })).toBeVisible();

  await gotoHydrated(page, '/');
  await tabToSearch(page);
  await page.keyboard.type('2x', { delay: 60 });
  await expect(list.getByRole('option', { name: /^2x1/ })).toBeVisible();
  // Down the list to the word, up once past it and back.
  for (let i = 0; i < 10 && !/^2x1/.test((await activeOption(page)) ?? ''); i++) await page.keyboard.press('ArrowDown');
  expect(await activeOption(page)).toMatch(/^2x1/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=2x1(&|$)/);
  await expect(searchBox(page)).toHaveValue('2x1');
  await expect(searchBox(page)).toBeFocused();
  await expect(list).toBeHidden();
  await expect(grid(page).getByRole('heading', { level: 3 }).first()).toBeVisible();

  // Escape closes the list and keeps the text; Enter then searches what was typed.
  await page.keyboard.type(' muz', { delay: 60 });
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(searchBox(page)).toHaveValue('2x1 muz');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=2x1\+muz(&|$)/);
});
