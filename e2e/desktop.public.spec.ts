/** The public views at 1280×800 (desktop project): header actions, multi-column grid, search and detalle. */
import { devices, expect, test } from '@playwright/test';
import { comercioPath } from '#shared/seo/slug';
import { expectGridNames, grid, gridCards, main, openHome, searchBox } from './support/app';
import { byName, expectedWhatsapp, publishedNames } from './support/sample';

// The phone project also picks this file up (it has no testIgnore): pin the desktop settings here so every
// project checks the desktop layout, not a phone pretending to be one.
test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } });

test('the desktop header shows its actions and there is no bottom nav', async ({ page }) => {
  await openHome(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Registrar mi comercio' })).toBeVisible();
  const nav = header.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Promociones' })).toBeVisible();
  // The phone's bottom navigation (with its Publicar tab) is not shown.
  await expect(page.getByRole('button', { name: 'Publicar' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(1);
  // Search box and locality select share the second header row.
  await expect(searchBox(page)).toBeVisible();
  await expect(page.getByLabel('Localidad')).toBeVisible();

  await nav.getByRole('link', { name: 'Promociones' }).click();
  await expect(page).toHaveURL('/promociones');
  await expect(page.getByRole('heading', { level: 1, name: 'Promociones' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Promociones' })).toHaveAttribute('aria-current', 'page');
  // The header's locality select belongs to lista; promociones has its own filter in the page.
  await expect(header.getByLabel('Localidad')).toHaveCount(0);
  await expect(main(page).getByLabel('Localidad')).toBeVisible();
});

test('the grid shows several columns', async ({ page }) => {
  await openHome(page);
  await expect(gridCards(page).nth(5)).toBeVisible();
  const boxes = await Promise.all((await gridCards(page).all()).slice(0, 6).map((card) => card.boundingBox()));
  const firstRowTop = boxes[0]!.y;
  const firstRow = boxes.filter((b) => b && Math.abs(b.y - firstRowTop) < 2);
  expect(firstRow.length).toBeGreaterThanOrEqual(3);
  expect(new Set(firstRow.map((b) => Math.round(b!.x))).size).toBe(firstRow.length);
});

test('search and detalle work at 1280×800', async ({ page }) => {
  const vinoteca = byName('Vinoteca Terroir Mendocino');
  await openHome(page);
  await searchBox(page).fill('vinoteca');
  await expect(page).toHaveURL(/[?&]q=vinoteca(&|$)/);
  await expectGridNames(page, publishedNames({ q: 'vinoteca' }));
  await expect(page.getByRole('heading', { name: 'Promociones Destacadas' })).toHaveCount(0);

  await grid(page).getByRole('link', { name: vinoteca.nombre }).click();
  await expect(page).toHaveURL(comercioPath(vinoteca.id, vinoteca.nombre));
  await expect(page.getByRole('heading', { level: 1, name: vinoteca.nombre })).toBeVisible();
  await expect(main(page).getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    expectedWhatsapp(vinoteca.whatsapp),
  );
  await expect(main(page).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('region', { name: 'Promociones activas' }).getByRole('article').first()).toContainText(
    'Válido hasta',
  );
  // Two columns: the contact and hours panel sits to the right of the gallery.
  const gallery = await page.getByRole('img', { name: new RegExp(`^${vinoteca.nombre}, foto 1`) }).boundingBox();
  const aside = await page.getByRole('complementary', { name: 'Datos de contacto y horarios' }).boundingBox();
  expect(aside!.x).toBeGreaterThan(gallery!.x + gallery!.width - 1);
  await expect(page.getByRole('table', { name: 'Horarios por día' })).toBeVisible();

  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page).toHaveURL('/?q=vinoteca');
  await expect(searchBox(page)).toHaveValue('vinoteca');
});
