/** Suggestions as you type on a 360×740 phone (issue 30, ADR 046): two letters, a tap chooses. */
import { expect, test, type Page } from '@playwright/test';
import { grid, gridSettled, openHome, searchBox } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Sugerencias' });

test('two letters suggest businesses, categories and promotion words over the results; a tap opens the business', async ({
  page,
}) => {
  await openHome(page);
  const box = searchBox(page);
  await box.tap();
  await box.pressSequentially('pi', { delay: 60 });
  const list = suggestions(page);
  await expect(list.getByRole('option', { name: /^Pizzería La Tana/ })).toBeVisible();
  await expect(box).toHaveAttribute('role', 'combobox');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option', { name: /^Pizzería Categoría/ })).toBeVisible();
  await box.fill('');
  await box.pressSequentially('muz', { delay: 60 });
  await expect(list.getByRole('option', { name: /^muzza Buscá esta palabra/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=muz(&|$)/);
  await gridSettled(page);
  await expectNoSeriousA11yViolations(page, 'lista con sugerencias abiertas');

  // The list lies over the page: closing it moves nothing under it, and it fits the phone's width.
  await expect(grid(page).getByRole('heading', { level: 3 }).first()).toBeVisible();
  const gridTop = async () => (await grid(page).boundingBox())!.y;
  const open = await gridTop();
  const listBox = (await list.boundingBox())!;
  expect(listBox.x).toBeGreaterThanOrEqual(0);
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(360);
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('muz');
  expect(await gridTop()).toBe(open);

  await box.fill('');
  await box.pressSequentially('tana', { delay: 60 });
  await suggestions(page)
    .getByRole('option', { name: /^Pizzería La Tana/ })
    .tap();
  await expect(page).toHaveURL(/\/comercio\/\d+-pizzeria-la-tana$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pizzería La Tana' })).toBeVisible();
});

test('a tapped word searches it, and a tapped category filters by it', async ({ page }) => {
  await openHome(page);
  const box = searchBox(page);
  await box.tap();
  await box.pressSequentially('medial', { delay: 60 });
  await suggestions(page)
    .getByRole('option', { name: /^medialunas/ })
    .tap();
  await expect(page).toHaveURL(/[?&]q=medialunas(&|$)/);
  await expect(box).toHaveValue('medialunas');
  await expect(grid(page).getByRole('heading', { level: 3 }).first()).toHaveText('Panadería La Espiga de Oro');

  // A category replaces the search.
  await box.fill('');
  await box.pressSequentially('verdu', { delay: 60 });
  await suggestions(page)
    .getByRole('option', { name: /^Verdulería Categoría/ })
    .tap();
  await expect(page).toHaveURL(/[?&]categoria=Verduler%C3%ADa(&|$)/);
  await expect(box).toHaveValue('');
  await expect(grid(page).getByRole('heading', { level: 3 })).toHaveText(['Verdulería El Huerto de Lola']);
});
