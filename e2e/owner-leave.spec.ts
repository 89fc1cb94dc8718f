/**
 * ADR 064 in Chromium on a phone: a stray Back or a reload in the middle of registering a business asks before
 * what was typed is lost (the app's dialog, the browser's for a reload), and staying keeps every letter. (Found in a stranger's round: both lost everything.)
 */
import { expect, test } from '@playwright/test';
import { signUpThroughUi } from './support/owner';

const DISCARD = '¿Descartar los cambios?';

test('Back and a reload ask before an unsaved registration is lost; staying keeps it, discarding leaves', async ({
  page,
}) => {
  await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menú', exact: true }).getByRole('button', { name: 'Nuevo Comercio' }).click();
  await expect(page).toHaveURL(/\/registrar$/);
  const nombre = page.getByRole('textbox', { name: /Nombre del comercio/ });
  await nombre.fill('Kiosco a medio cargar');

  // Back: the app's own dialog, the address put back while it asks.
  await page.goBack();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(DISCARD);
  await dialog.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/registrar$/);
  await expect(nombre).toHaveValue('Kiosco a medio cargar');

  // A reload: the browser's own question (accepted here: the page reloads without what was typed).
  const asked = page.waitForEvent('dialog');
  const reload = page.reload();
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.accept();
  await reload;
  await expect(nombre).not.toHaveValue('Kiosco a medio cargar');
  await nombre.fill('Kiosco a medio cargar');

  // Back again, discarding: the page the owner came from.
  await page.goBack();
  await expect(dialog).toContainText(DISCARD);
  await dialog.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(page).not.toHaveURL(/\/registrar$/);
  await expect(page.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveCount(0);
});
