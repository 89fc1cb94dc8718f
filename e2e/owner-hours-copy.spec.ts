/**
 * The hours shortcuts on a 360×740 phone: Monday's two shifts are typed once, "Igual de lunes a viernes" and
 * "Copiar a todos los días" fill the other days, the form stays as wide as the phone, and the saved business
 * shows the hours that were copied.
 */
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectTappableInViewport } from './support/layout';
import { ownerCard, signUpThroughUi } from './support/owner';

test('Monday typed once, copied to the weekdays and then to every day, saved as the summary says', async ({ page }) => {
  expect(page.viewportSize()).toEqual({ width: 360, height: 740 });
  const nombre = `Horario Copiado ${Date.now().toString(36)}`;
  await signUpThroughUi(page, { name: nombre });
  await page.goto('/registrar');
  await page.getByRole('textbox', { name: /Nombre del comercio/ }).fill(nombre);
  await page.getByRole('searchbox', { name: 'Buscar categoría' }).fill('panaderia');
  await page.getByRole('button', { name: 'Panadería', exact: true }).click();
  await page.getByRole('textbox', { name: /Dirección/ }).fill('Colón 456');
  await page.getByRole('combobox', { name: /Localidad/ }).selectOption('Capital');
  await page.getByRole('textbox', { name: /Teléfono/ }).fill('261 555-0101');

  const copyAll = page.getByRole('button', { name: /^Copiar a todos los días/ });
  const copyWeek = page.getByRole('button', { name: /^Igual de lunes a viernes/ });
  await page.getByRole('combobox', { name: 'Lunes' }).selectOption('Abierto');
  await page.getByLabel('Lunes, turno 1, abre').fill('09:00');
  await expect(copyAll).toHaveCount(0);
  await page.getByLabel('Lunes, turno 1, cierra').fill('13:00');
  await page.getByRole('button', { name: 'Agregar turno al Lunes' }).click();
  await page.getByLabel('Lunes, turno 2, abre').fill('17:00');
  await page.getByLabel('Lunes, turno 2, cierra').fill('21:00');

  await copyWeek.scrollIntoViewIfNeeded();
  await expectTappableInViewport(page, copyWeek, 'Igual de lunes a viernes');
  await expectTappableInViewport(page, copyAll, 'Copiar a todos los días');
  await expectNoHorizontalOverflow(page, 'registrar, hours shortcuts');
  await expect(copyWeek).toHaveAccessibleName('Igual de lunes a viernes (el horario del lunes)');
  await copyWeek.click();
  await expect(page.getByRole('status').filter({ hasText: 'Listo:' })).toHaveText(
    'Listo: de lunes a viernes, el mismo horario que el lunes.',
  );
  await expect(page.getByLabel('Viernes, turno 2, cierra')).toHaveValue('21:00');
  await expect(page.getByRole('combobox', { name: 'Sábado' })).toHaveValue('cerrado');
  await expectNoHorizontalOverflow(page, 'registrar, Monday copied to Friday');

  await copyAll.click();
  await expect(page.getByLabel('Domingo, turno 1, abre')).toHaveValue('09:00');
  await expect(page.getByRole('status').filter({ hasText: 'Listo:' })).toHaveText(
    'Listo: todos los días, el mismo horario que el lunes.',
  );
  // Sunday closed again by hand; the note goes, the rest stays.
  await page.getByRole('combobox', { name: 'Domingo' }).selectOption('Cerrado');
  await expect(page.getByText(/^Listo:/)).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 'registrar, every day open');

  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Registramos tu comercio');
  await dialog.getByRole('button').filter({ hasNotText: 'Cancelar' }).click();
  await page.goto('/mis-comercios');
  await expect(ownerCard(page, nombre)).toContainText('Lun a Sáb 9:00 - 13:00 y 17:00 - 21:00');
});
