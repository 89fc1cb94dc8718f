/** "Cerca mío" on a phone: a visitor standing in Godoy Cruz sorts the grid by distance; a denied one keeps the list. */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { distanceMeters, formatDistancia, roundCoord } from '#shared/rules/geo';
import { grid, gridCards, gridNames, openHome } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { PUBLISHED, byName } from './support/sample';

/** Godoy Cruz's main square (Plaza Godoy Cruz). */
const VISITOR = { latitude: -32.92541, longitude: -68.84412 };
const rounded = { lat: roundCoord(VISITOR.latitude), lng: roundCoord(VISITOR.longitude) };
/** The first page the server must answer: published businesses, nearest first (id breaks ties). */
const NEAREST = PUBLISHED.map((c) => ({ c, d: distanceMeters(rounded, c.ubicacion) }))
  .sort((a, b) => a.d - b.d || a.c.id - b.c.id)
  .slice(0, COMERCIO_PAGE_SIZE);

const cercaButton = (page: Page) => page.getByRole('button', { name: 'Cerca mío' });

test.describe('with the location granted in Godoy Cruz', () => {
  test.use({ geolocation: VISITOR, permissions: ['geolocation'] });

  test('"Cerca mío" orders the grid by distance and each card says how far it is', async ({ page }) => {
    await openHome(page);
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'false');
    await cercaButton(page).click();
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => (await gridNames(page).allTextContents()).map((s) => s.trim()), { timeout: 10_000 })
      .toEqual(NEAREST.map(({ c }) => c.nombre));
    for (const [i, { d }] of NEAREST.entries())
      await expect(gridCards(page).nth(i)).toContainText(formatDistancia(Math.round(d)));
    // The nearest are a few blocks away: metres, then kilometres with a decimal comma.
    await expect(gridCards(page).first()).toContainText(/a \d+ m/);
    await expect(gridCards(page).last()).toContainText(/a \d+,\d km/);

    // The layout holds at 360 px and the page stays accessible.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page, 'lista cerca mío');

    // Tapping again goes back to the usual order, without distances.
    await cercaButton(page).click();
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(grid(page).getByText(/a \d+(,\d)? k?m/)).toHaveCount(0);
  });

  test('"Cerca mío" combines with a category', async ({ page }) => {
    await openHome(page, `/?categoria=${encodeURIComponent('Panadería')}`);
    await cercaButton(page).click();
    const expected = PUBLISHED.filter((c) => c.categorias.includes('Panadería'))
      .map((c) => ({ c, d: distanceMeters(rounded, c.ubicacion) }))
      .sort((a, b) => a.d - b.d || a.c.id - b.c.id);
    await expect
      .poll(async () => (await gridNames(page).allTextContents()).map((s) => s.trim()), { timeout: 10_000 })
      .toEqual(expected.map(({ c }) => c.nombre));
    await expect(gridCards(page).first()).toContainText(formatDistancia(Math.round(expected[0]!.d)));
  });
});

test('a visitor who denies the location gets a clear message and the list as before', async ({ page, context }) => {
  await context.clearPermissions();
  await openHome(page);
  const before = (await gridNames(page).allTextContents()).map((s) => s.trim());
  await cercaButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'No nos diste permiso para ver tu ubicación.' }),
  ).toBeVisible();
  await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'false');
  expect((await gridNames(page).allTextContents()).map((s) => s.trim())).toEqual(before);
});

/** The map's tiles come from this test (playwright.config points MAP_TILE_URL at /__tiles/), never the internet. */
async function serveLocalTiles(page: Page): Promise<string[]> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e8e4d8' } })
    .png()
    .toBuffer();
  const served: string[] = [];
  await page.route('**/__tiles/**', (route) => {
    served.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  return served;
}

test('detalle shows a small map with the pin (local tiles) and directions to it', async ({ page }) => {
  const espiga = byName('Panadería La Espiga de Oro');
  const served = await serveLocalTiles(page);
  await page.goto(`/comercio/${espiga.id}`);
  await expect(page.getByRole('heading', { level: 1, name: espiga.nombre })).toBeVisible();
  const map = page.getByRole('region', { name: `Mapa con la ubicación de ${espiga.nombre}` });
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(served.length).toBeGreaterThan(0);
  expect(served[0]).toMatch(/^\/__tiles\/16\/\d+\/\d+\.png$/);
  await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cómo llegar/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${espiga.ubicacion.lat},${espiga.ubicacion.lng}`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page, 'detalle con mapa');
});
