import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createComercio as createViaApi,
  fillCard,
  ownerCard,
  paymentDialog,
  PUBLISH,
  signUpThroughUi,
} from './support/owner';

const createComercio = (page: Page, baseURL: string, nombre: string) => createViaApi(page, baseURL, { nombre });

function card(page: Page, nombre: string): Locator {
  return ownerCard(page, nombre);
}

async function pay(page: Page, nombre: string, holder: string): Promise<void> {
  await card(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, holder);
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
}

test('an owner pays to publish: a rejected card, then an approved one, and a guest finds the business', async ({
  page,
  browser,
  baseURL,
}) => {
  const nombre = `Heladería Pago ${Date.now()}`;
  const email = await signUpThroughUi(page);
  await createComercio(page, baseURL!, nombre);

  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(card(page, nombre).getByText('No publicado')).toBeVisible();

  // The form checks the card before anything is sent.
  await card(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await dialog.getByLabel('Número de tarjeta').fill('4509 9535 6623 3705');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Error en el formulario de pago');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // FUND: insufficient funds. The dialog stays open with the reason, the card keeps it too, and nothing is retyped:
  // the payer email came from the account, and only the holder changes for the next try.
  await card(page, nombre).getByRole('button', { name: PUBLISH }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await fillCard(dialog, 'FUND');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  // The spec's "Pago: {status}", then the next step.
  await expect(dialog.getByRole('alert')).toHaveText(
    'Pago: rechazado (fondos insuficientes). Probá con otra tarjeta o medio de pago.',
  );
  await expect(dialog.getByRole('button', { name: 'Pagar' })).toBeFocused();
  await expect(dialog.getByLabel('Número de tarjeta')).toHaveValue('4509 9535 6623 3704');
  await expect(dialog.getByLabel('Código de seguridad')).toHaveValue('123');
  await expect(card(page, nombre).getByRole('status')).toHaveText(
    'Pago: rechazado (fondos insuficientes)Probá con otra tarjeta o medio de pago.',
  );
  await expect(card(page, nombre).getByTestId('pago-siguiente-paso')).toBeVisible();
  await expect(card(page, nombre).getByText('No publicado')).toBeVisible();

  // APRO: approved and published.
  await dialog.getByLabel('Nombre del titular').fill('APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, nombre).getByRole('status')).toHaveText('Pago exitoso');
  await expect(card(page, nombre).getByText('Publicación Activa - Pago vigente')).toBeVisible();
  await expect(card(page, nombre).getByText(/^Pagado hasta el \d{1,2} de \p{L}+ de \d{4}$/u)).toBeVisible();
  await expect(card(page, nombre).getByRole('button', { name: PUBLISH })).toHaveCount(0);

  // A guest (another browser context) finds it on the home page.
  const guest = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const guestPage = await guest.newPage();
  await guestPage.goto('/');
  await guestPage.getByRole('searchbox').first().fill(nombre);
  await expect(guestPage.getByRole('link', { name: nombre })).toBeVisible();
  await guest.close();

  // Deleting it now: the confirmation keeps the spec's text and says the paid days are lost.
  await card(page, nombre).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.',
  );
  await expect(confirm).toContainText(
    /Está publicado hasta el \d{1,2} de \p{L}+ de \d{4}: deja de verse ahora mismo y los días pagos que quedan no se reembolsan\./u,
  );
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(card(page, nombre)).toBeVisible();
});

test('a pending payment (CONT) publishes the business without a reload', async ({ page, baseURL }) => {
  const primero = `Rotisería Uno ${Date.now()}`;
  const segundo = `Rotisería Dos ${Date.now()}`;
  await signUpThroughUi(page);
  await createComercio(page, baseURL!, primero);
  await createComercio(page, baseURL!, segundo);

  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(page.getByRole('heading', { name: /Tus comercios/ })).toContainText('2');
  await pay(page, segundo, 'CONT');
  await expect(card(page, segundo).getByRole('status')).toContainText('Pago: en proceso');
  await expect(card(page, segundo).getByText('Publicación Activa - Pago vigente')).toBeVisible({ timeout: 20_000 });
  await expect(card(page, segundo).getByRole('status')).toHaveText('Pago exitoso');
  await expect(card(page, primero).getByText('No publicado')).toBeVisible();

  // Ver opens the owner's detalle; its back button returns to Mis Comercios.
  await card(page, primero).getByRole('button', { name: /^Ver / }).click();
  await expect(page.getByRole('heading', { level: 1, name: primero })).toBeVisible();
  await page
    .getByRole('button', { name: 'Volver' })
    .or(page.getByRole('link', { name: 'Volver' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/mis-comercios$/);
});
