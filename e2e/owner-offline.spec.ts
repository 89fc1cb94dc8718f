/**
 * An owner whose connection drops before the first question of the session: the alert that says the save failed
 * must still open (its code is not fetched at that moment) and every typed value must stay.
 */
import { expect, test } from '@playwright/test';
import { editNewComercio } from './support/owner';

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
