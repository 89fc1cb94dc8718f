/** "Cerca mío" on a phone: a visitor standing in Godoy Cruz sorts the grid by distance; a denied one keeps the list. */
import { expect, test, type Page } from '@playwright/test';
import { COMERCIO_PAGE_SIZE, PROMO_PAGE_SIZE } from '#shared/constants';
import { formatDistancia } from '#shared/rules/distancia';
import { distanceMeters, roundCoord } from '#shared/rules/geo';
import { grid, gridCards, gridNames, openHome, promoCards } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { serveLocalTiles } from './support/tiles';
import { PUBLISHED, byName, visiblePromos } from './support/sample';

/** Godoy Cruz's main square (Plaza Godoy Cruz). */
const VISITOR = { latitude: -32.92541, longitude: -68.84412 };
const rounded = { lat: roundCoord(VISITOR.latitude), lng: roundCoord(VISITOR.longitude) };
/** The first page the server must answer: published businesses, nearest first (id breaks ties). */
const NEAREST = PUBLISHED.map((c) => ({ c, d: distanceMeters(rounded, c.ubicacion) }))
  .sort((a, b) => a.d - b.d || a.c.id - b.c.id)
  .slice(0, COMERCIO_PAGE_SIZE);

const cercaButton = (page: Page) => page.getByRole('button', { name: 'Cerca mío' });
const vista = (page: Page) => page.getByRole('group', { name: 'Ver resultados como' });
/** The results map's markers: clusters ("N comercios en esta zona…") and single pins ("Nombre: ver …"). */
const clusterMarkers = (page: Page) => page.locator('.leaflet-marker-icon[aria-label*="comercios en esta zona"]');
const pinMarkers = (page: Page) => page.locator('.leaflet-marker-icon[aria-label$=": ver nombre, rubro y enlace"]');

/** Businesses the map stands for: every marker is one pin or a cluster of several. */
async function businessesOnMap(page: Page): Promise<number> {
  const clusters = await clusterMarkers(page).evaluateAll((els) =>
    els.map((el) => Number(/^(\d+) /.exec(el.getAttribute('aria-label') ?? '')?.[1] ?? 0)),
  );
  return clusters.reduce((a, b) => a + b, 0) + (await pinMarkers(page).count());
}

test.describe('with the location granted in Godoy Cruz', () => {
  test.use({ geolocation: VISITOR, permissions: ['geolocation'] });

  test('"Cerca mío" orders the grid by distance and each card says how far it is', async ({ page }) => {
    await openHome(page);
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'false');
    const off = await cercaButton(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    await cercaButton(page).click();
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'true');
    // Pressed is seen, not only announced: the chosen chips' colour instead of the plain button's.
    await expect.poll(() => cercaButton(page).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(off);
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

  test('"Cerca mío" on Promociones: their businesses nearest first, each card says how far', async ({ page }) => {
    const expected = visiblePromos()
      .map((p) => ({ p, d: distanceMeters(rounded, p.comercio.ubicacion) }))
      .sort((a, b) => a.d - b.d || a.p.venceEnDias - b.p.venceEnDias)
      .slice(0, PROMO_PAGE_SIZE);
    await page.goto('/promociones');
    await expect(promoCards(page).first()).toBeVisible();
    await cercaButton(page).click();
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByText('Descuentos vigentes de los comercios de tu zona, primero los más cercanos.'),
    ).toBeVisible();
    await expect
      .poll(
        async () =>
          (await promoCards(page).getByRole('heading', { level: 2 }).allTextContents()).slice(0, PROMO_PAGE_SIZE),
        {
          timeout: 10_000,
        },
      )
      .toEqual(expected.map(({ p }) => p.titulo));
    for (const [i, { d }] of expected.entries())
      await expect(promoCards(page).nth(i)).toContainText(formatDistancia(Math.round(d)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page, 'promociones cerca mío');
  });
});

test('"Lista / Mapa": the results on a clustered map, the popup of a pin links to its page, Back returns to the map', async ({
  page,
}) => {
  const served = await serveLocalTiles(page);
  /** The deepest zoom the map has asked tiles for (/__tiles/{z}/{x}/{y}.png). */
  const zoom = () => Math.max(...served.map((p) => Number(p.split('/')[2])));
  const located = PUBLISHED.filter((c) => c.ubicacion);
  await openHome(page);
  await expect(vista(page).getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
  await vista(page).getByRole('button', { name: 'Mapa' }).click();
  await expect(page).toHaveURL(/[?&]vista=mapa/);
  const map = page.getByRole('region', { name: `Mapa de resultados: ${located.length} comercios` });
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  // Every published business with a pin is on the map; nearby ones are grouped at the city's zoom.
  await expect.poll(() => businessesOnMap(page), { timeout: 10_000 }).toBe(located.length);
  expect(await clusterMarkers(page).count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page, 'lista en mapa');

  // From the keyboard: Enter on a cluster zooms in (until single pins stand alone).
  const cityZoom = zoom();
  await clusterMarkers(page).first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(zoom).toBeGreaterThan(cityZoom);
  for (let i = 0; i < 6 && (await pinMarkers(page).count()) === 0; i++) {
    await clusterMarkers(page).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
  }
  // Leaflet re-adds the markers when a zoom animation ends: a pin focused during it is replaced, focus and all.
  await expect(map.locator('.leaflet-zoom-anim')).toHaveCount(0);
  const pin = pinMarkers(page).first();
  const label = (await pin.getAttribute('aria-label'))!;
  const nombre = label.replace(/: ver nombre, rubro y enlace$/, '');
  const business = byName(nombre);
  await pin.focus();
  await page.keyboard.press('Enter');
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toContainText(nombre);
  await expect(popup).toContainText(business.categorias[0]!);
  const link = popup.getByRole('link', { name: `Ver comercio ${nombre}` });
  await expect(link).toBeFocused();
  // On-brand: a white-on-brand button, not Leaflet's default blue underlined link.
  const look = await link.evaluate((a) => {
    const style = getComputedStyle(a);
    return { color: style.color, background: style.backgroundColor, underline: style.textDecorationLine };
  });
  expect(look).toEqual({
    color: 'rgb(255, 255, 255)',
    background: expect.not.stringMatching(/rgba\(0, 0, 0, 0\)/),
    underline: 'none',
  });
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/mapa-popup.png` });
  await expectNoSeriousA11yViolations(page, 'mapa con popup');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();

  // Back and reload keep the map view and its filters.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]vista=mapa/);
  await expect(page.getByRole('region', { name: /^Mapa de resultados/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: /^Mapa de resultados/ })).toBeVisible();

  // A category narrows the map as it narrows the list; "Lista" goes back to the cards.
  await page.goto(`/?categoria=${encodeURIComponent('Panadería')}&vista=mapa`);
  const panaderias = located.filter((c) => c.categorias.includes('Panadería'));
  await expect(
    page.getByRole('region', {
      name: `Mapa de resultados: ${panaderias.length === 1 ? '1 comercio' : `${panaderias.length} comercios`}`,
    }),
  ).toBeVisible();
  await expect.poll(() => businessesOnMap(page), { timeout: 10_000 }).toBe(panaderias.length);
  await vista(page).getByRole('button', { name: 'Lista' }).click();
  await expect(page).not.toHaveURL(/vista=mapa/);
  await expect(gridCards(page)).toHaveCount(panaderias.length);
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

test('detalle shows a small map with the pin (local tiles) and directions to it', async ({ page }) => {
  const espiga = byName('Panadería La Espiga de Oro');
  const served = await serveLocalTiles(page);
  await page.goto(`/comercio/${espiga.id}`);
  await expect(page.getByRole('heading', { level: 1, name: espiga.nombre })).toBeVisible();
  const map = page.getByRole('region', { name: `Mapa con la ubicación de ${espiga.nombre}` });
  await expect(map).toBeVisible();
  // Below the first screen on a phone, the map's box is there but Leaflet and its tiles wait for the visitor.
  expect(await map.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(740 + 100);
  await page.waitForLoadState('networkidle');
  expect(served).toEqual([]);
  await expect(map.locator('.leaflet-container')).toHaveCount(0);
  await map.scrollIntoViewIfNeeded();
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
