/**
 * "Abierto ahora" on a phone (issue 30, ADR 045): the server keeps only the businesses open now in Mendoza, on the
 * list, the map and with "Cerca mío"; the filter and "Cerca mío" stay in the URL through a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { openStatus } from '#shared/rules/horario';
import { distanceMeters, roundCoord } from '#shared/rules/geo';
import { gotoHydrated, grid, gridCards, gridNames, openHome } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { PUBLISHED } from './support/sample';
import { serveLocalTiles } from './support/tiles';

const abiertoButton = (page: Page) => page.getByRole('button', { name: 'Abierto ahora' });
const cercaButton = (page: Page) => page.getByRole('button', { name: 'Cerca mío' });

/** The published sample businesses open at `at`, by their per-day hours (the rule the server's SQL mirrors). */
const openAt = (at: Date) =>
  new Set(PUBLISHED.filter((c) => openStatus(c.horarioDetallado, at)?.open).map((c) => c.nombre));

/**
 * The server's clock is the real one: a card is right if its business was open when the request was made, which
 * lies between `before` and the moment the grid is read (an opening or closing time may fall in between). Polled
 * until the filtered answer has replaced the previous list (shown meanwhile); returns the names shown.
 */
async function expectOnlyOpenCards(page: Page, before: Date): Promise<string[]> {
  let shown: string[] = [];
  let closed: string[] = [];
  await expect
    .poll(async () => {
      shown = (await gridNames(page).allTextContents()).map((s) => s.trim());
      const open = new Set([...openAt(before), ...openAt(new Date())]);
      closed = shown.filter((nombre) => !open.has(nombre));
      return shown.length > 0 && closed.length === 0;
    })
    .toBe(true)
    .catch(() => {
      throw new Error(`closed businesses shown: ${closed.join(', ')} (of ${shown.join(', ')})`);
    });
  return shown;
}

/** The results map's answer for the next request with "Abierto ahora": every pin must be of an open business. */
function expectOpenPins(page: Page, before: Date) {
  return page
    .waitForResponse((r) => r.url().includes('/api/comercios/mapa?') && /[?&]abierto=true(&|$)/.test(r.url()))
    .then(async (response) => {
      const { items } = (await response.json()) as { items: Array<{ nombre: string }> };
      const open = new Set([...openAt(before), ...openAt(new Date())]);
      expect(items.length).toBeGreaterThan(0);
      for (const { nombre } of items) expect(open, `${nombre} is closed now`).toContain(nombre);
    });
}

test('"Abierto ahora" leaves no closed card, looks pressed, and a reload keeps it', async ({ page }) => {
  await openHome(page);
  const closedNow = PUBLISHED.filter((c) => !openAt(new Date()).has(c.nombre));
  // The sample data always has closed businesses (most close at night, some on Sundays).
  expect(closedNow.length).toBeGreaterThan(0);
  await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'false');
  const off = await abiertoButton(page).evaluate((el) => getComputedStyle(el).backgroundColor);

  const before = new Date();
  await abiertoButton(page).click();
  await expect(page).toHaveURL(/[?&]abierto=1(&|$)/);
  await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => abiertoButton(page).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(off);
  await expectOnlyOpenCards(page, before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page, 'lista abierto ahora');

  // A reload: the server renders the filtered list itself.
  const reloaded = new Date();
  await page.reload();
  await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expectOnlyOpenCards(page, reloaded);

  // Pressed again: every business again.
  await abiertoButton(page).click();
  await expect(page).not.toHaveURL(/abierto=/);
  await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(gridCards(page)).toHaveCount(12);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggle is a form: pressing it loads the filtered list from the server', async ({ page }) => {
    await page.goto('/?categoria=Farmacia');
    const before = new Date();
    await abiertoButton(page).click();
    await expect(page).toHaveURL(/[?&]abierto=1(&|$)/);
    await expect(page).toHaveURL(/[?&]categoria=Farmacia(&|$)/);
    await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'true');
    const shown = await expectOnlyOpenCards(page, before);
    for (const nombre of shown) expect(PUBLISHED.find((c) => c.nombre === nombre)?.categoria).toContain('Farmacia');
  });
});

test.describe('with the location granted in Godoy Cruz', () => {
  const VISITOR = { latitude: -32.92541, longitude: -68.84412 };
  test.use({ geolocation: VISITOR, permissions: ['geolocation'] });

  test('"Cerca mío" stays on through a reload, and combines with "Abierto ahora" on the list and the map', async ({
    page,
  }) => {
    await serveLocalTiles(page);
    await openHome(page);
    await cercaButton(page).click();
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]cerca=1(&|$)/);
    await expect(gridCards(page).first()).toContainText(/a \d+ m/);

    // A reload asks for the position again (the permission is kept) and sorts by distance again.
    await page.reload();
    await expect(cercaButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(gridCards(page).first()).toContainText(/a \d+ m/);

    const before = new Date();
    await abiertoButton(page).click();
    await expect(page).toHaveURL(/[?&]abierto=1(&|$)/);
    await expect(page).toHaveURL(/[?&]cerca=1(&|$)/);
    const shown = await expectOnlyOpenCards(page, before);
    // Nearest first among the open ones.
    const here = { lat: roundCoord(VISITOR.latitude), lng: roundCoord(VISITOR.longitude) };
    const distances = shown.map((nombre) =>
      distanceMeters(here, PUBLISHED.find((c) => c.nombre === nombre)!.ubicacion),
    );
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(grid(page).getByRole('article').first()).toContainText(/a \d+(,\d)? k?m/);
    await expectNoSeriousA11yViolations(page, 'lista cerca mío y abierto ahora');

    // The map: the same filters; its pins are the open businesses.
    const pins = expectOpenPins(page, new Date());
    await page.getByRole('button', { name: 'Mapa' }).click();
    await expect(page).toHaveURL(/[?&]vista=mapa(&|$)/);
    await pins;
    await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  });
});

test('the map view opened from a URL with "Abierto ahora" (as a reload does) shows only open pins and turns it off', async ({
  page,
}) => {
  await serveLocalTiles(page);
  const pins = expectOpenPins(page, new Date());
  await gotoHydrated(page, '/?vista=mapa&abierto=1');
  await pins;
  await expect(abiertoButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await abiertoButton(page).click();
  await expect(page).not.toHaveURL(/abierto=/);
  await expect(page).toHaveURL(/[?&]vista=mapa(&|$)/);
});
