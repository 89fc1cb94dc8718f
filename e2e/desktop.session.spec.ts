/**
 * Desktop, signed in: the spec names the header's logout "Salir" and the menu's "Cerrar Sesión"; both keep
 * the spec's words and read as one action (same icon, the header's tooltip names it "Cerrar Sesión").
 */
import { devices, expect, test } from '@playwright/test';

test.use({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } });

test('Salir and Cerrar Sesión are one action: same icon, same tooltip, both sign out', async ({ page, baseURL }) => {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email: `salir-${Date.now()}@example.com`, password: 'secreta123', name: 'Kiosco Salir' },
    headers: { origin: baseURL ?? '' },
  });
  expect(signUp.ok()).toBeTruthy();
  await page.goto('/');
  const header = page.getByRole('banner');
  const salir = header.getByRole('button', { name: 'Salir' });
  await expect(salir).toBeVisible();
  await expect(salir).toHaveAttribute('title', 'Cerrar Sesión');
  await expect(salir.locator('svg.lucide-log-out')).toHaveCount(1);

  await header.getByRole('button', { name: 'Menú', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Menú', exact: true });
  const cerrar = menu.getByRole('button', { name: 'Cerrar Sesión' });
  await expect(cerrar).toBeVisible();
  await expect(cerrar.locator('svg.lucide-log-out')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await salir.click();
  await expect(header.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
});
