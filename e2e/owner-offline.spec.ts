/**
 * An owner whose connection drops before the first question of the session: the alert that says the save failed
 * must still open (its code is not fetched at that moment) and every typed value must stay.
 */
import { expect, test } from '@playwright/test';
import {
  createComercio,
  editNewComercio,
  fillCard,
  ownerCard,
  paymentDialog,
  PUBLISH,
  signUpThroughUi,
} from './support/owner';

const OFFLINE_SAVE =
  'Sin conexión: no se guardó el comercio. Lo que escribiste sigue en el formulario; probá de nuevo cuando vuelva la conexión.';

test('the first alert of an edit can open offline, and the form keeps what was typed', async ({
  page,
  context,
  baseURL,
}) => {
  await editNewComercio(page, baseURL!, { nombre: `Kiosco Sin Señal ${Date.now().toString(36)}` });
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  const nombre = page.getByRole('textbox', { name: /Nombre del comercio/ });
  await nombre.fill('Kiosco Sin Señal cambiado');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveText(new RegExp(OFFLINE_SAVE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await alert.getByRole('button', { name: 'Aceptar' }).click();
  await expect(nombre).toHaveValue('Kiosco Sin Señal cambiado');
  await expect(page.getByRole('heading', { name: 'Editar comercio' })).toBeVisible();
});

test('the payment dialog opens in Mis comercios after the connection drops, says so, and pays once back online', async ({
  page,
  context,
  baseURL,
}) => {
  const nombre = `Kiosco Sin Señal ${Date.now().toString(36)}`;
  await signUpThroughUi(page);
  await createComercio(page, baseURL!, { nombre });
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(ownerCard(page, nombre)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await expect(dialog.getByRole('status')).toHaveText(/^Error al procesar el pago: no hay conexión/);
  await context.setOffline(false);
  // Back online, the form arrives by itself and the payment goes through.
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerCard(page, nombre).getByRole('status')).toHaveText('Pago exitoso');
  await expect(page.getByRole('heading', { name: /Tus comercios/ })).toBeVisible();
});
