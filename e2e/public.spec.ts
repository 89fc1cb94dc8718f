/** A guest on a phone: lista, search and filters, detalle, promociones, navigation, side menu, reloads, headers. */
import { expect, test } from '@playwright/test';
import { comercioPath } from '#shared/seo/slug';
import {
  EMPTY_SEARCH,
  PROMOS_END,
  bottomNav,
  expectGridNames,
  featured,
  grid,
  gridCards,
  gotoHydrated,
  main,
  openHome,
  promoCards,
  scrollLocked,
  scrollToBottom,
  searchBox,
} from './support/app';
import { PUBLISHED, UNPUBLISHED, byName, expectedWhatsapp, publishedNames, visiblePromos } from './support/sample';

const ESPIGA = byName('Panadería La Espiga de Oro');
const CARNICERIA = byName('Carnicería Don Ernesto');
const PAGE_SIZE = 8;

test.describe('lista', () => {
  test('a guest sees businesses and the featured promotions strip', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('heading', { name: 'Descubrí comercios de tu zona' })).toBeVisible();
    // Featured strip: the first 6 visible promotions.
    await expect(featured(page)).toBeVisible();
    await expect(featured(page).getByRole('article')).toHaveCount(6);
    await expect(
      page.getByRole('toolbar', { name: 'Categorías' }).getByRole('button', { name: 'Todos' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // Scrolling down loads the rest of the grid: exactly the published businesses, no unpaid or expired one.
    await expect(async () => {
      await scrollToBottom(page);
      await expect(gridCards(page)).toHaveCount(PUBLISHED.length, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expectGridNames(page, publishedNames());
    await expect(grid(page).getByRole('link', { name: UNPUBLISHED.nombre })).toHaveCount(0);
  });

  test('locality select and a category chip narrow the grid and live in the URL', async ({ page }) => {
    await openHome(page);
    await page.getByLabel('Localidad').selectOption({ label: 'Guaymallén' });
    await expect(page).toHaveURL(/[?&]localidad=Guaymallen(&|$)/);
    const guaymallen = publishedNames({ localidad: 'Guaymallen' });
    await expectGridNames(page, guaymallen);
    // Every card shows Guaymallén as its locality.
    for (const card of await gridCards(page).all()) await expect(card).toContainText('Guaymallén');

    await page
      .getByRole('toolbar', { name: 'Categorías' })
      .getByRole('button', { name: 'Ferretería', exact: true })
      .click();
    await expect(page).toHaveURL(/[?&]categoria=Ferreter%C3%ADa(&|$)/);
    const narrowed = publishedNames({ localidad: 'Guaymallen', categoria: 'Ferretería' });
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(guaymallen.length);
    await expectGridNames(page, narrowed);
    await expect(page.getByLabel('Localidad')).toHaveValue('Guaymallen');
  });

  test('search ignores accents, hides the featured strip, and says when nothing matches', async ({ page }) => {
    await openHome(page);
    await expect(featured(page)).toBeVisible();
    await searchBox(page).fill('panaderia');
    await expect(page).toHaveURL(/[?&]q=panaderia(&|$)/);
    await expectGridNames(page, publishedNames({ q: 'panaderia' }));
    await expect(grid(page).getByRole('link', { name: ESPIGA.nombre })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Promociones Destacadas' })).toHaveCount(0);

    await searchBox(page).fill('xqzwv sin coincidencias');
    await expect(page.getByText(EMPTY_SEARCH, { exact: true })).toBeVisible();
    await expect(gridCards(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Borrar búsqueda' }).click();
    await expect(featured(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('detalle', () => {
  test('gallery, tags, hours, contact links and active promotions', async ({ page, context }) => {
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>wa</title>' }),
    );
    await openHome(page);
    await grid(page).getByRole('link', { name: ESPIGA.nombre }).click();
    await expect(page).toHaveURL(comercioPath(ESPIGA.id, ESPIGA.nombre));
    await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();

    // Gallery: main picture plus thumbnails that switch it.
    const photos = 1 + ESPIGA.galeria;
    await expect(page.getByRole('img', { name: `${ESPIGA.nombre}, foto 1 de ${photos}` })).toBeVisible();
    const thumbs = page.getByRole('group', { name: 'Fotos del comercio' }).getByRole('button');
    await expect(thumbs).toHaveCount(photos);
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: `${ESPIGA.nombre}, foto 2 de ${photos}` })).toBeVisible();

    await expect(main(page).getByRole('list', { name: 'Categorías' }).getByRole('listitem')).toHaveText(
      ESPIGA.categorias,
    );

    const hours = page.getByRole('table', { name: 'Horarios por día' });
    const days = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
    await expect(hours.getByRole('rowheader')).toHaveText(days.map((d) => new RegExp(`^${d}`)));
    await expect(hours.getByRole('row').last()).toContainText(ESPIGA.horarioDetallado.Domingo);

    // Contact: WhatsApp 549 + the national number, in a new tab; the call link is tel:.
    const whatsapp = main(page).getByRole('link', { name: /^WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('href', expectedWhatsapp(ESPIGA.whatsapp));
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', /noopener/);
    const popupPromise = page.waitForEvent('popup');
    await whatsapp.click();
    const popup = await popupPromise;
    await expect.poll(() => popup.url()).toBe(expectedWhatsapp(ESPIGA.whatsapp));
    await popup.close();
    await expect(main(page).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', /^tel:/);
    await expect(main(page).getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:${ESPIGA.email}`);

    const promos = page.getByRole('region', { name: 'Promociones activas' });
    const expected = ESPIGA.promociones
      .filter((p) => (p.activa ?? true) && p.venceEnDias >= 0)
      .sort((a, b) => a.venceEnDias - b.venceEnDias);
    await expect(promos.getByRole('article')).toHaveCount(expected.length);
    await expect(promos.getByRole('heading', { level: 3 })).toHaveText(expected.map((p) => p.titulo));
    for (const card of await promos.getByRole('article').all()) {
      await expect(card).toContainText(/Válido hasta \d{1,2} de [a-záéíóúñ]+ de \d{4}/);
    }
  });

  test('a mobile number with trunk 0 and 15 gets a single country prefix', async ({ page }) => {
    await page.goto(`/comercio/${CARNICERIA.id}`);
    await expect(page.getByRole('heading', { level: 1, name: CARNICERIA.nombre })).toBeVisible();
    const href = expectedWhatsapp(CARNICERIA.whatsapp);
    expect(href).toMatch(/^https:\/\/wa\.me\/549\d{10}$/);
    await expect(main(page).getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', href);
    await expect(main(page).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', /^tel:\+?\d+$/);
  });

  test('an unpublished business is not found for a guest', async ({ page }) => {
    await page.goto(`/comercio/${UNPUBLISHED.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este comercio' })).toBeVisible();
    await expect(page.getByText(UNPUBLISHED.nombre)).toHaveCount(0);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(gridCards(page).first()).toBeVisible();
  });
});

test.describe('promociones', () => {
  test('8 at first, 8 more per scroll step, then the end message', async ({ page }) => {
    const total = visiblePromos().length;
    expect(total).toBeGreaterThan(PAGE_SIZE);
    await openHome(page);
    await bottomNav(page).getByRole('link', { name: 'Promociones' }).click();
    await expect(page).toHaveURL('/promociones');
    await expect(page.getByRole('heading', { level: 1, name: 'Promociones' })).toBeVisible();
    await expect(promoCards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByText(PROMOS_END)).toHaveCount(0);
    for (let shown = PAGE_SIZE; shown < total;) {
      await scrollToBottom(page);
      shown = Math.min(shown + PAGE_SIZE, total);
      await expect(promoCards(page)).toHaveCount(shown);
    }
    await scrollToBottom(page);
    await expect(page.getByText(PROMOS_END, { exact: true })).toBeVisible();
    await expect(promoCards(page)).toHaveCount(total);
    // Soonest expiry first (ties in insertion order, as the seed inserts them).
    const ordered = visiblePromos().sort((a, b) => a.venceEnDias - b.venceEnDias);
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(ordered.map((p) => p.titulo));
    for (const card of (await promoCards(page).all()).slice(0, 3)) await expect(card).toContainText('Válido hasta');

    // A view change scrolls to the top: open the last card's business from the bottom of the page.
    const last = ordered[ordered.length - 1]!.comercio;
    await promoCards(page)
      .last()
      .getByRole('link', { name: `Ver comercio ${last.nombre}` })
      .click();
    await expect(page).toHaveURL(comercioPath(last.id, last.nombre));
    await expect(page.getByRole('heading', { level: 1, name: last.nombre })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('category buttons filter the list', async ({ page }) => {
    const categoria = 'Pastelería';
    const expected = visiblePromos(categoria);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(PAGE_SIZE);
    // The chips act once the page has hydrated (its scripts load after the photo).
    await gotoHydrated(page, '/promociones');
    await expect(promoCards(page)).toHaveCount(PAGE_SIZE);
    await page
      .getByRole('toolbar', { name: 'Filtrar promociones por categoría' })
      .getByRole('button', { name: categoria, exact: true })
      .click();
    await expect(page).toHaveURL(/\/promociones\?categoria=Pasteler%C3%ADa$/);
    await expect(promoCards(page)).toHaveCount(expected.length);
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(
      [...expected].sort((a, b) => a.venceEnDias - b.venceEnDias).map((p) => p.titulo),
    );
    await expect(page.getByText(PROMOS_END, { exact: true })).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('the browser back button goes from detalle to lista with its filters', async ({ page }) => {
    await openHome(page, '/?localidad=Guaymallen');
    await expectGridNames(page, publishedNames({ localidad: 'Guaymallen' }));
    const target = byName('Almacén Don Pepe');
    await grid(page).getByRole('link', { name: target.nombre }).click();
    await expect(page).toHaveURL(comercioPath(target.id, target.nombre));
    await expect(page.getByRole('heading', { level: 1, name: target.nombre })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('/?localidad=Guaymallen');
    await expect(page.getByLabel('Localidad')).toHaveValue('Guaymallen');
    await expectGridNames(page, publishedNames({ localidad: 'Guaymallen' }));
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: target.nombre })).toBeVisible();
    await expect(page.getByLabel('Localidad')).toHaveCount(0);
  });

  test('the side menu opens, closes on Escape, on its close button and outside it, and locks the page scroll', async ({
    page,
  }) => {
    await openHome(page);
    const menuButton = page.getByRole('button', { name: 'Menú', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Menú', exact: true });
    expect(await scrollLocked(page)).toBe(false);

    await menuButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Registrar mi comercio' })).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('button', { name: 'Cerrar menú' })).toBeFocused();
    expect(await scrollLocked(page)).toBe(true);
    // Tab stays in the menu (the page behind is inert).
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    expect(await scrollLocked(page)).toBe(false);

    await menuButton.click();
    await dialog.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(dialog).toBeVisible();
    // A tap on the dimmed strip left of the panel (the dialog's backdrop).
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(await scrollLocked(page)).toBe(false);
  });

  test('a reload renders /promociones and /comercio/{id} directly', async ({ page }) => {
    await page.goto('/promociones');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Promociones' })).toBeVisible();
    await expect(promoCards(page)).toHaveCount(PAGE_SIZE);
    await expect(bottomNav(page).getByRole('link', { name: 'Promociones' })).toHaveAttribute('aria-current', 'page');

    await page.goto(`/comercio/${ESPIGA.id}`);
    await page.reload();
    await expect(page).toHaveURL(comercioPath(ESPIGA.id, ESPIGA.nombre));
    await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Horarios por día' })).toBeVisible();
  });
});

test('security headers: CSP with script-src self, no HSTS over http, no CSP violation', async ({ page }) => {
  const cspMessages: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) cspMessages.push(msg.text());
  });
  const response = await page.goto('/');
  expect(response, 'navigation response').not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc =
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ')) ?? '';
  expect(scriptSrc, csp).toMatch(/^script-src 'self'(\s|$)/);
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  expect(headers['strict-transport-security']).toBeUndefined();

  // Walk the public views so lazily loaded code, images and API calls run under the policy.
  await expect(gridCards(page).first()).toBeVisible();
  await expect(featured(page).getByRole('article').first()).toBeVisible();
  await bottomNav(page).getByRole('link', { name: 'Promociones' }).click();
  await expect(promoCards(page)).toHaveCount(PAGE_SIZE);
  await page.goto(`/comercio/${ESPIGA.id}`);
  await expect(page.getByRole('img', { name: new RegExp(`^${ESPIGA.nombre}, foto 1`) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(cspMessages, cspMessages.join('\n')).toEqual([]);
});
