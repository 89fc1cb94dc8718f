/** An owner on a phone: sign up, register a business (validation, categories, hours, image), edit its promotions, delete it. */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';

const NOMBRE = `Panadería E2E ${Date.now().toString(36)}`;

/** The app's alert/confirm dialog: checks its text, then presses `button` (the accepting one by default). */
async function answer(page: Page, text: string, button?: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  const target = button
    ? dialog.getByRole('button', { name: button })
    : dialog.getByRole('button').filter({ hasNotText: 'Cancelar' });
  await target.click();
  await expect(dialog.filter({ hasText: text })).toHaveCount(0);
}

async function openMenuItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name }).click();
}

async function signUpThroughTheModal(page: Page) {
  await page.goto('/');
  await openMenuItem(page, 'Registrar mi comercio');
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Registrate' }).click();
  await modal.getByLabel('Email').fill(`owner-${Date.now()}@example.com`);
  await modal.getByLabel(/Nombre del comercio/).fill(NOMBRE);
  await modal.getByLabel('Contraseña', { exact: true }).fill('secreta123');
  await modal.getByLabel('Confirmar contraseña').fill('secreta123');
  await modal.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/registrar$/);
}

async function openEditar(page: Page) {
  await openMenuItem(page, 'Mis Comercios');
  const card = page.getByRole('article', { name: NOMBRE });
  await card.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar comercio' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue(NOMBRE);
}

const save = (page: Page) => page.getByRole('button', { name: 'Guardar cambios' }).click();

test('an owner registers, edits the promotions of and deletes a business', async ({ page }) => {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cf5a2c' } })
    .png()
    .toBuffer();

  await signUpThroughTheModal(page);
  await expect(page.getByRole('heading', { name: 'Registrar mi comercio' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'registro');

  // The first registration starts from the sign-up name; emptied and submitted: the first rule of the spec, and focus on the name.
  const nombre = page.getByRole('textbox', { name: /Nombre del comercio/ });
  await expect(nombre).toHaveValue(NOMBRE);
  await nombre.fill('');
  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  await answer(page, 'Por favor ingresa el nombre del comercio.');
  await expect(nombre).toBeFocused();
  await expect(nombre).toHaveAttribute('aria-invalid', 'true');

  await nombre.fill(NOMBRE);
  const filtro = page.getByRole('searchbox', { name: 'Buscar categoría' });
  await filtro.fill('panaderia');
  await page.getByRole('button', { name: 'Panadería', exact: true }).click();
  await filtro.fill('cafe');
  await filtro.press('Enter');
  const chips = page.getByRole('list', { name: 'Categorías elegidas' }).getByRole('listitem');
  await expect(chips).toHaveText(['Panadería (principal)', 'Café']);
  await page.getByRole('textbox', { name: 'Horario de atención' }).fill('Lun a Sáb de 7 a 21 h');
  await page.getByRole('combobox', { name: 'Lunes' }).selectOption('Abierto');
  await page.getByLabel('Lunes, turno 1, abre').fill('07:00');
  await page.getByLabel('Lunes, turno 1, cierra').fill('21:00');
  await page.getByRole('textbox', { name: /Dirección/ }).fill('Colón 456');
  await page.getByRole('combobox', { name: /Localidad/ }).selectOption('Godoy Cruz');
  await page.getByRole('textbox', { name: /Teléfono/ }).fill('261 555-0101');
  await page.getByRole('textbox', { name: 'Servicios' }).fill('Delivery, , Tarjetas');
  await page.getByLabel('Imagen principal').setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('button', { name: 'Quitar imagen principal' })).toBeVisible();

  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  await answer(page, 'Registramos tu comercio');
  await expect(page).toHaveURL(/\/mis-comercios$/);

  // Mis Comercios shows it unpublished; edit it and add two promotions, one incomplete.
  await expect(page.getByRole('article', { name: NOMBRE })).toContainText('No publicado');
  await page.getByRole('article', { name: NOMBRE }).getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue(NOMBRE);
  await expect(chips).toHaveText(['Panadería (principal)', 'Café']);
  await expect(page.getByLabel('Lunes, turno 1, abre')).toHaveValue('07:00');
  await expect(page.getByLabel('Lunes, turno 1, cierra')).toHaveValue('21:00');
  await expect(page.getByRole('combobox', { name: 'Martes' })).toHaveValue('cerrado');
  await expect(page.getByRole('textbox', { name: 'Horario de atención' })).toHaveValue('Lun a Sáb de 7 a 21 h');
  await expect(page.getByRole('img', { name: 'Vista previa: Imagen principal' })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar promoción' }).click();
  await expect(page.getByRole('textbox', { name: 'Título' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Título' }).fill('Medialunas 2x1');
  await page.getByRole('textbox', { name: 'Descripción' }).last().fill('Todos los martes por la mañana');
  await page.getByRole('textbox', { name: 'Descuento' }).fill('50%');
  await page.getByLabel(/Vence el/).fill('2099-03-31');
  await page.getByRole('button', { name: 'Agregar promoción' }).click();
  await page.getByRole('textbox', { name: 'Título' }).nth(1).fill('Café gratis');
  await expect(page.getByText('Faltan datos obligatorios en esta promoción.')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'editar');

  await save(page);
  await answer(page, 'Hay 1 promoción(es) con información incompleta que no se guardarán. ¿Deseas continuar?');
  await answer(page, 'Se agregará 1 promoción.');
  await expect(page).toHaveURL(/\/mis-comercios$/);

  // Reopened: the complete promotion is there, the incomplete one is not. Delete it.
  await page.getByRole('article', { name: NOMBRE }).getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue('Medialunas 2x1');
  await page.getByRole('button', { name: 'Eliminar Medialunas 2x1' }).click();
  await answer(page, '¿Estás seguro de que querés eliminar esta promoción?');
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveCount(0);
  await save(page);
  await answer(page, 'Se eliminará 1 promoción.');
  await expect(page).toHaveURL(/\/mis-comercios$/);

  await openEditar(page);
  await expect(page.getByText('Este comercio todavía no tiene promociones.')).toBeVisible();

  // Delete the business from Mis Comercios, with the spec's confirmation.
  await openMenuItem(page, 'Mis Comercios');
  await page
    .getByRole('article', { name: NOMBRE })
    .getByRole('button', { name: /Eliminar/ })
    .click();
  await answer(page, '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.');
  await expect(page.getByRole('article', { name: NOMBRE })).toHaveCount(0);
});
