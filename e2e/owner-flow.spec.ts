/** A new owner's day on a phone: sign up, register, land on the new card, publish from the preview; offline on the way. */
import { expect, test, type Page } from '@playwright/test';
import { createComercio, fillCard, ownerCard, paymentDialog, PUBLISH, signUpThroughUi } from './support/owner';
import { EMPTY_SEARCH, expectGridNames, gotoHydrated } from './support/app';
import { publishedNames } from './support/sample';

async function answer(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
}

test('register (all mistakes marked at once, offline kept), land on the highlighted card, publish from the preview', async ({
  page,
  context,
}) => {
  const nombre = `Verdulería Flujo ${Date.now().toString(36)}`;
  await signUpThroughUi(page, { name: nombre });
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menú', exact: true }).getByRole('button', { name: 'Nuevo Comercio' }).click();

  // The sign-up name is already there; every other mistake is marked at once (the spec's alert names the first).
  const field = (name: RegExp | string) => page.getByRole('textbox', { name });
  await expect(field(/Nombre del comercio/)).toHaveValue(nombre);
  await field('Email').fill('no-es-un-email');
  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  await answer(page, 'Por favor selecciona al menos una categoría para el comercio.');
  await expect(page.getByText('Por favor selecciona al menos una categoría para el comercio.')).toBeVisible();
  await expect(field(/Teléfono/)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(/Dirección/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: /Localidad/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  // One category list, no second dropdown with the same names.
  await expect(page.getByText('Agregar categoría existente')).toHaveCount(0);

  await page.getByRole('button', { name: 'Verdulería', exact: true }).click();
  await field(/Teléfono/).fill('261 555-0101');
  await field(/Dirección/).fill('Colón 456');
  await page.getByRole('combobox', { name: /Localidad/ }).selectOption('Capital');
  await field('Email').fill('');

  // Offline: a clear message right away, nothing lost, and it saves once the connection is back.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  await answer(page, 'Sin conexión: no se guardó el comercio.');
  await expect(field(/Nombre del comercio/)).toHaveValue(nombre);
  await expect(field(/Dirección/)).toHaveValue('Colón 456');
  await expect(page.getByRole('button', { name: 'Registrar comercio' })).toBeEnabled();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Registrar comercio' }).click();

  // Mis comercios from its top (every view change starts there), heading on screen, with the new card highlighted
  // and its payment button on screen too.
  await expect(page).toHaveURL(/\/mis-comercios$/);
  await answer(page, 'lo encontrás en Mis Comercios');
  const card = ownerCard(page, nombre);
  await expect(card.getByText('Recién registrado')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Tus comercios/ })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(card.getByRole('button', { name: PUBLISH })).toBeInViewport();

  // The owner's preview says promotions show once published, and publishes from there.
  await card.getByRole('button', { name: /^Ver / }).click();
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tus promociones se ven al publicar' })).toBeVisible();
  await expect(page.getByText('Promociones no disponibles')).toHaveCount(0);
  await page.getByRole('main').getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Promociones activas' })).toBeVisible();

  // Its card now says how long the publication lasts, with the spec's texts.
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(ownerCard(page, nombre).getByText('Publicación Activa - Pago vigente · quedan 30 días')).toBeVisible();
  await expect(ownerCard(page, nombre).getByText(/^Pagado hasta el /)).toBeVisible();
});

test('offline payment: nothing charged, the card stays typed, and it goes through once back online', async ({
  page,
  context,
  baseURL,
}) => {
  const nombre = `Kiosco Sin Red ${Date.now().toString(36)}`;
  await signUpThroughUi(page);
  await createComercio(page, baseURL!, { nombre });
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, 'APRO');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Error al procesar el pago: no hay conexión, así que no se cobró nada. Probá de nuevo cuando vuelva la conexión.',
  );
  await expect(page.getByText('Sin conexión. Lo que ya cargaste sigue a la vista')).toBeVisible();
  await expect(dialog.getByLabel('Número de tarjeta')).toHaveValue('4509 9535 6623 3704');
  await context.setOffline(false);
  await expect(page.getByText('Sin conexión. Lo que ya cargaste sigue a la vista')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerCard(page, nombre).getByRole('status')).toHaveText('Pago exitoso');
});

test('a filter chosen offline says the list is waiting, and loads by itself when the connection returns', async ({
  page,
  context,
}) => {
  // Hydrated, and the home view's chunk in (the scripts start after the photo): a chip tapped before that is a
  // plain form submission, which offline cannot reach the server.
  await gotoHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page
    .getByRole('toolbar', { name: 'Categorías' })
    .getByRole('button', { name: 'Panadería', exact: true })
    .click();
  await expect(page.getByText('Sin conexión: todavía no pudimos cargar los comercios de este filtro.')).toBeVisible();
  await context.setOffline(false);
  await expectGridNames(page, publishedNames({ categoria: 'Panadería' }));
  await expect(page.getByText('Sin conexión: todavía no pudimos cargar los comercios de este filtro.')).toHaveCount(0);
  await expect(page.getByText(EMPTY_SEARCH)).toHaveCount(0);
});
