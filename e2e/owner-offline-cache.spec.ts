/**
 * Nothing an account sees is kept by the service worker (issue 31, ADR 050): an owner's pages and answers never
 * reach Cache Storage, even the public pages while signed in, and signing out empties what it kept before.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated, openMenu } from './support/app';
import { cacheStorage, pageKept, waitForServiceWorker } from './support/offline';
import { createComercio, signUpThroughUi, uniqueEmail } from './support/owner';

const OWNER_PATHS =
  /\/(mis-comercios|registrar|mi-cuenta|operador)|\/editar$|\/api\/(mis-|auth\/|cuenta|operador|pagos)/;

test('after an owner signs in, uses the owner pages and signs out, Cache Storage holds nothing of theirs', async ({
  page,
  baseURL,
}) => {
  // A first visit as a guest: the worker starts and keeps the public home page.
  await gotoHydrated(page, '/');
  await waitForServiceWorker(page);
  await expect.poll(() => pageKept(page, '/')).toBe(true);

  const email = uniqueEmail('sin-rastro');
  await signUpThroughUi(page, { email });
  const nombre = `Kiosco Sin Rastro ${Date.now().toString(36)}`;
  const id = await createComercio(page, baseURL!, { nombre });
  // Promociones is opened for the first time signed in: the same page a guest gets, but never kept.
  for (const path of [
    '/promociones',
    '/mis-comercios',
    `/comercio/${id}/editar`,
    `/comercio/${id}`,
    '/mi-cuenta',
    '/',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();

  const signedIn = await cacheStorage(page);
  const kept = signedIn.filter((e) => !e.cache.startsWith('workbox-precache'));
  expect(kept.length).toBeGreaterThan(0);
  for (const entry of signedIn) {
    expect(entry.url, entry.cache).not.toMatch(OWNER_PATHS);
    expect(entry.text, entry.url).not.toContain(nombre);
    expect(entry.text, entry.url).not.toContain(email);
  }
  // Only what the server marked public was stored: never an answer to a signed-in request.
  for (const entry of kept) expect(entry.cacheControl, entry.url).toMatch(/\bpublic\b/);
  expect(await pageKept(page, '/promociones')).toBe(false);

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toHaveCount(0);
  // Signing out emptied the pages the worker kept (the home page kept as a guest is gone too).
  await expect.poll(() => pageKept(page, '/')).toBe(false);
  for (const entry of await cacheStorage(page)) {
    expect(entry.url, entry.cache).not.toMatch(OWNER_PATHS);
    expect(entry.text, entry.url).not.toContain(nombre);
    expect(entry.text, entry.url).not.toContain(email);
  }
});
