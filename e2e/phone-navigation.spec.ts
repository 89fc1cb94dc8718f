/** Back, filters and the featured strip behave like a native app on a phone. */
import { expect, test, type Page } from '@playwright/test';
import { EMPTY_SEARCH, expectGridNames, featured, grid, gridCards, openHome } from './support/app';
import { PUBLISHED, publishedNames, visiblePromos } from './support/sample';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls down until every published business is on the grid. */
async function loadWholeGrid(page: Page) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        return gridCards(page).count();
      },
      { timeout: 30_000, intervals: [300, 600, 900] },
    )
    .toBe(PUBLISHED.length);
}

test('Back from a detail returns to the same place in the list (browser Back and the Volver button)', async ({
  page,
}) => {
  await openHome(page);
  await loadWholeGrid(page);
  const names = (await grid(page).getByRole('heading', { level: 3 }).allTextContents()).map((s) => s.trim());
  const target = names[names.length - 3]!;
  const link = grid(page).getByRole('link', { name: target, exact: true });
  await link.scrollIntoViewIfNeeded();
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(2000);

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0); // a new view starts at the top (spec)
  await page.goBack();
  await expect(grid(page).getByRole('link', { name: target, exact: true })).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBe(before);

  // The detail's own Volver button does the same.
  await grid(page).getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await page
    .getByRole('link', { name: 'Volver' })
    .or(page.getByRole('button', { name: 'Volver' }))
    .first()
    .click();
  await expect.poll(() => scrollY(page)).toBe(before);
  await expect(grid(page).getByRole('link', { name: target, exact: true })).toBeInViewport();
});

test('each chosen category or locality is a Back step, and the featured strip follows them', async ({ page }) => {
  await openHome(page);
  await expect(featured(page).getByRole('article')).toHaveCount(6);

  // Panadería: the strip only has promotions of bakeries.
  await page
    .getByRole('toolbar', { name: 'Categorías' })
    .getByRole('button', { name: 'Panadería', exact: true })
    .click();
  await expect(page).toHaveURL(/\?categoria=Panader%C3%ADa$/);
  await expectGridNames(page, publishedNames({ categoria: 'Panadería' }));
  const bakeryPromos = visiblePromos('Panadería');
  expect(bakeryPromos.length).toBeGreaterThan(0);
  await expect(featured(page).getByRole('article')).toHaveCount(Math.min(6, bakeryPromos.length));
  for (const card of await featured(page).getByRole('article').all()) {
    await expect(card).toContainText(/Panadería/);
  }

  // + a locality with no bakery: no strip, and the "no results" text is on screen.
  const localidad = (['Capital', 'Godoy Cruz', 'Guaymallen'] as const).find(
    (l) => publishedNames({ categoria: 'Panadería', localidad: l }).length === 0,
  );
  if (localidad) {
    await page.getByRole('combobox', { name: 'Localidad' }).selectOption(localidad);
    await expect(page.getByText(EMPTY_SEARCH)).toBeInViewport();
    await expect(featured(page)).toHaveCount(0);
  } else {
    // Every locality has a bakery: the strip then only has that locality's bakeries.
    await page.getByRole('combobox', { name: 'Localidad' }).selectOption('Capital');
    const expected = visiblePromos('Panadería').filter((p) => p.comercio.localidad === 'Capital');
    await expect(featured(page).getByRole('article')).toHaveCount(Math.min(6, expected.length));
  }
  expect(new URL(page.url()).searchParams.get('categoria')).toBe('Panadería');

  // Back undoes one choice at a time, and stays on the home page.
  await page.goBack();
  await expect(page).toHaveURL(/\?categoria=Panader%C3%ADa$/);
  await expect(page.getByRole('combobox', { name: 'Localidad' })).toHaveValue('');
  await expectGridNames(page, publishedNames({ categoria: 'Panadería' }));
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('toolbar', { name: 'Categorías' }).getByRole('button', { name: 'Todos' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(featured(page).getByRole('article')).toHaveCount(6);
});
