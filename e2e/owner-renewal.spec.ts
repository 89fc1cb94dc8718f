import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { fillCard, ownerCard } from './support/owner';

/**
 * Renewal inside the last 7 days, on the real clock: the sample data's demo owner (README "Cuenta de
 * demostración", ADR 016 amendment) owns a business paid 25 days before the server seeded it, so the window is
 * open. This spec renews it once; the owner server's data is fresh on every run.
 */
const DEMO_EMAIL = 'demo@vidriera.local';
const DEMO_PASSWORD = 'demo-vidriera';
const NOMBRE = 'Luz Total Electricidad';

async function signInAsDemo(page: Page) {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menú', exact: true }).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await login.getByLabel('Email').fill(DEMO_EMAIL);
  await login.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(login).toBeHidden();
}

test('the demo owner renews inside the window: the new 30 days start when the current ones end', async ({ page }) => {
  await signInAsDemo(page);
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  const card = ownerCard(page, NOMBRE);

  // "Publicación Activa · quedan N días · Renovar", N within the last 7 days.
  const status = card.getByText(/^Publicación Activa · (quedan \d+ días|queda 1 día|vence hoy) · Renovar$/);
  await expect(status).toBeVisible();
  const daysLeft = Number(/quedan (\d+) días/.exec((await status.textContent()) ?? '')?.[1] ?? NaN);
  expect(daysLeft).toBeGreaterThanOrEqual(1);
  expect(daysLeft).toBeLessThanOrEqual(7);
  const paidUntil = /^Pagado hasta el (.+)$/.exec((await card.getByText(/^Pagado hasta el /).textContent()) ?? '')?.[1];
  expect(paidUntil).toMatch(/^\d{1,2} de \p{L}+ de \d{4}$/u);
  await expectNoHorizontalOverflow(page, 'Mis comercios in the renewal window');

  // Renew with an approved sandbox card: the dialog names the period, which starts at the current end.
  await card.getByRole('button', { name: 'Renovar' }).click();
  const dialog = page.getByRole('dialog', { name: `Renovar ${NOMBRE}` });
  await expect(dialog.getByTestId('renewal-period')).toHaveText(new RegExp(`^Del ${paidUntil} al .+, sin cortes$`));
  await expectNoSeriousA11yViolations(page, 'renewal dialog');
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toHaveText('Pago exitoso');

  // 30 more days, no gap: out of the window again.
  await expect(card.getByText(`Publicación Activa - Pago vigente · quedan ${daysLeft + 30} días`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Renovar' })).toHaveCount(0);
  const newEnd = /^Pagado hasta el (.+)$/.exec((await card.getByText(/^Pagado hasta el /).textContent()) ?? '')?.[1];
  expect(newEnd).not.toBe(paidUntil);

  // The history: the renewal on top with its period from the old end to the new one, the seeded payment below.
  await card.getByText('Pagos y comprobantes').click();
  const history = card.getByRole('list', { name: 'Pagos' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(`Período: del ${paidUntil} al ${newEnd}`);
  await history.getByRole('listitem').first().getByRole('link', { name: 'Ver comprobante' }).click();

  const receipt = page.getByRole('article', { name: 'Comprobante' });
  await expect(receipt.locator('[data-field="Comercio"]')).toHaveText(NOMBRE);
  await expect(receipt.locator('[data-field="Período"]')).toHaveText(`Del ${paidUntil} al ${newEnd}`);
  await expect(receipt.locator('[data-field="Monto"]')).toHaveText('$ 450');
  await expectNoHorizontalOverflow(page, 'receipt of the renewal');
  await expectNoSeriousA11yViolations(page, 'receipt of the renewal');
});
