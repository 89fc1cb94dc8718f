/** Accessibility (axe) of the public views on a phone, once their content has loaded. */
import { expect, test } from '@playwright/test';
import { featured, gridCards, promoCards } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { byName } from './support/sample';

const ESPIGA = byName('Panadería La Espiga de Oro');

test('lista has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(gridCards(page).first()).toBeVisible();
  await expect(featured(page).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Categorías' }).getByRole('button').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'lista');
});

test('promociones has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/promociones');
  await expect(promoCards(page)).toHaveCount(8);
  await expect(
    page.getByRole('toolbar', { name: 'Filtrar promociones por categoría' }).getByRole('button').nth(1),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'promociones');
});

test('detalle has no serious or critical axe violations', async ({ page }) => {
  await page.goto(`/comercio/${ESPIGA.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Horarios por día' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Promociones activas' }).getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'detalle');
});

test('the open side menu has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(gridCards(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menú', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'side menu');
});
