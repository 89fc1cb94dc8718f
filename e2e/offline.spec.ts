/**
 * Offline after one visit (issue 31, ADR 050): the service worker keeps the public pages a person opened and the
 * app's files, so a reload without signal shows them (with the "Sin conexión" banner); a page never opened shows
 * the offline page with the device's favourites; a new version waiting is offered with "Actualizar".
 */
import { expect, test } from '@playwright/test';
import { grid, gridCards, main, openHome, promoCards } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { OFFLINE_BANNER, OFFLINE_HEADING, pageKept, waitForServiceWorker } from './support/offline';
import { byName, PUBLISHED } from './support/sample';

const ESPIGA = byName('Panadería La Espiga de Oro');

test('after one visit, a reload without signal shows home and the business opened, from the service worker', async ({
  page,
  context,
}) => {
  await openHome(page);
  await waitForServiceWorker(page);
  // The page landed on came before the worker: the worker fetches and keeps it once it runs.
  await expect.poll(() => pageKept(page, '/')).toBe(true);

  // A business opened inside the app (a view, not a page request) is kept too.
  const card = gridCards(page).first();
  const nombre = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await card.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(/^\/comercio\/\d+-/);
  await expect.poll(() => pageKept(page, path)).toBe(true);

  await context.setOffline(true);
  const business = await page.reload();
  expect(business?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();

  const home = await page.goto('/');
  expect(home?.fromServiceWorker()).toBe(true);
  await expect(gridCards(page).first()).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await context.setOffline(false);
});

test('offline, a business opened earlier by its address opens from its card on the kept home too', async ({
  page,
  context,
}) => {
  // Found in a stranger's round: the tap asked for the business's data, never fetched, and showed an error.
  await openHome(page);
  await waitForServiceWorker(page);
  const link = gridCards(page).first().getByRole('heading', { level: 3 }).getByRole('link');
  const nombre = (await link.textContent())!.trim();
  const path = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await expect.poll(() => pageKept(page, path)).toBe(true);
  await openHome(page);
  await expect.poll(() => pageKept(page, '/')).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await gridCards(page).first().getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(path);
  await context.setOffline(false);
});

test('a page never opened shows the offline page with the favourites kept on the phone; a kept one opens from there', async ({
  page,
  context,
}) => {
  const other = PUBLISHED.find((c) => c.id !== ESPIGA.id)!;
  await page.goto(`/comercio/${ESPIGA.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
  await waitForServiceWorker(page);
  await expect.poll(() => pageKept(page, `/comercio/${ESPIGA.id}-`)).toBe(true);
  // The favourites live on the device, as the hearts keep them.
  await page.evaluate(
    ([espiga, otro]) =>
      localStorage.setItem(
        'vidriera.favoritos',
        JSON.stringify([
          { kind: 'comercio', id: espiga.id, nombre: espiga.nombre },
          { kind: 'comercio', id: otro.id, nombre: otro.nombre },
          { kind: 'promocion', id: 1, nombre: '2x1 en facturas' },
        ]),
      ),
    [
      { id: ESPIGA.id, nombre: ESPIGA.nombre },
      { id: other.id, nombre: other.nombre },
    ] as const,
  );

  await context.setOffline(true);
  for (const path of ['/promociones', `/comercio/${other.id}`, '/mis-comercios']) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING }), path).toBeVisible();
  }
  expect(new URL(page.url()).pathname).toBe('/mis-comercios');
  const favoritos = page.getByRole('region', { name: 'Tus favoritos' });
  await expect(favoritos.getByRole('link')).toHaveText([ESPIGA.nombre, other.nombre]);
  await expect(favoritos.getByText('2x1 en facturas')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'offline page');

  // The business already opened comes from the phone, by its id alone.
  await favoritos.getByRole('link', { name: ESPIGA.nombre }).click();
  await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
  await expect(main(page)).toBeVisible();
  await context.setOffline(false);
});

test('Favoritos offline: opened in the app it shows the list the worker kept; reloaded, the offline page says why it stands in', async ({
  page,
  context,
}) => {
  await openHome(page);
  await waitForServiceWorker(page);
  await page.evaluate(
    (espiga) =>
      localStorage.setItem(
        'vidriera.favoritos',
        JSON.stringify([{ kind: 'comercio', id: espiga.id, nombre: espiga.nombre }]),
      ),
    { id: ESPIGA.id, nombre: ESPIGA.nombre },
  );
  // Seen once online: the worker keeps the answer for these favourites.
  await page.goto('/favoritos');
  await expect(page.getByRole('heading', { level: 3, name: ESPIGA.nombre })).toBeVisible();
  await page.getByRole('link', { name: 'Volver' }).first().click();
  await expect(grid(page)).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menú', exact: true }).getByRole('link', { name: 'Favoritos' }).click();
  await expect(page.getByRole('heading', { level: 3, name: ESPIGA.nombre })).toBeVisible();

  // Reloaded, Favoritos (drawn by the app, not a kept page) is the offline page, which says why and lists them.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
  await expect(page.getByText('Sin conexión no podemos traer tus favoritos al día.', { exact: false })).toBeVisible();
  await expect(page.getByText('todavía no la abriste', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Tus favoritos' }).getByRole('link')).toHaveText([ESPIGA.nombre]);
  // Back online, the offline page reloads into Favoritos by itself. Waited for: a context closed while that reload
  // was under way hung its teardown past the test's timeout (seen once in CI).
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Favoritos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: ESPIGA.nombre })).toBeVisible();
});

test('back online, the offline page becomes the page asked for by itself', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/promociones');
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
  await context.setOffline(false);
  await expect(promoCards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/promociones');
});

test('a new version waiting is offered with "Hay una versión nueva · Actualizar", and Actualizar switches to it', async ({
  page,
}) => {
  // A deploy changes what /sw.js holds; here the new version has an address of its own (a test cannot change the
  // built file under the running server), so the app, which registers /sw.js on every load, is pointed at the
  // address deployed last, as it would find the new /sw.js after a real deploy. Without it, the app's own
  // registration after the switch would be one more new version, offered again.
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (url, options) {
      return register.call(this, sessionStorage.getItem('e2e-deployed-sw') ?? url, options);
    };
  });
  await openHome(page);
  await waitForServiceWorker(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  // The new version: the same scope, another script, so the browser installs it beside the one in control and it
  // waits, as a deploy's new sw.js does.
  await page.evaluate(() => {
    sessionStorage.setItem('e2e-deployed-sw', '/sw.js?version=nueva');
    return navigator.serviceWorker.register('/sw.js?version=nueva', { scope: '/' });
  });
  const offer = page.getByRole('status').filter({ hasText: 'Hay una versión nueva' });
  await expect(offer).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await offer.getByRole('button', { name: 'Actualizar' }).click();
  await reloaded;
  await expect(gridCards(page).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toBe(first.replace(/\/sw\.js$/, '/sw.js?version=nueva'));
  await expect(offer).toHaveCount(0);
});
