import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { emailedLink } from './support/outbox';
import { PASSWORD, signUpThroughUi, uniqueEmail } from './support/owner';

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  return page.getByRole('dialog', { name: 'Menú', exact: true });
}

test('Mi cuenta changes the name (the menu shows it); a forgotten password is recovered through the emailed link', async ({
  page,
  baseURL,
}) => {
  // Sign-up, two emails, two views scanned by axe and three sign-ins: longer than one owner step.
  test.setTimeout(180_000);
  const email = uniqueEmail('olvidadiza');
  await signUpThroughUi(page, { email, name: 'Kiosco Olvido' });

  // A new account is asked to confirm its email; the emailed link confirms it and the banner goes.
  const banner = page.getByText(`Confirmá tu email: te enviamos un enlace a ${email}.`);
  await expect(banner).toBeVisible();
  const verify = await emailedLink(baseURL!, email, '/verificar-email');
  await page.goto(verify);
  await expect(page.getByRole('status').filter({ hasText: '¡Listo! Confirmaste tu email.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'verificar-email');
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(banner).toBeHidden();

  // Mi cuenta, from the menu: a new display name shows in the menu at once.
  await (await openMenu(page)).getByRole('button', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/mi-cuenta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mi-cuenta');
  const name = page.getByLabel('Tu nombre');
  await expect(name).toHaveValue('Kiosco Olvido');
  await name.fill('Marta del Kiosco');
  await page.getByRole('button', { name: 'Guardar nombre' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardamos tu nombre.' })).toBeVisible();
  const menu = await openMenu(page);
  await expect(menu.getByText('Marta del Kiosco')).toBeVisible();
  // The deletion says what happens before anything is done.
  await page.keyboard.press('Escape');
  await expect(page.getByText('Tus pagos se conservan sin tus datos')).toBeVisible();

  // Signed out, the password is forgotten: "¿Olvidaste tu contraseña?" in the login modal.
  await (await openMenu(page)).getByRole('button', { name: 'Cerrar Sesión' }).click();
  await gotoHydrated(page, '/');
  await (await openMenu(page)).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await login.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Recuperá tu contraseña' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(forgot.getByRole('status')).toContainText('Si hay una cuenta con ese email');
  await expectNoSeriousA11yViolations(page, 'olvidé mi contraseña');
  await forgot.getByRole('button', { name: 'Cerrar' }).click();

  // The emailed link opens the new-password view, with the sign-up's rules.
  const reset = await emailedLink(baseURL!, email, '/nueva-contrasena');
  await page.goto(reset);
  await expect(page.getByRole('heading', { level: 1, name: 'Elegí una nueva contraseña' })).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('123');
  await page.getByLabel('Confirmar contraseña').fill('124');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'nueva-contrasena');
  await page.getByLabel('Nueva contraseña').fill('recuperada789');
  await page.getByLabel('Confirmar contraseña').fill('recuperada789');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'cambiamos tu contraseña' })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByRole('main').getByRole('button', { name: 'Iniciar Sesión' }).click();
  const again = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await again.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(again.getByRole('alert')).toHaveText('Email o contraseña incorrectos');
  await again.getByLabel('Contraseña', { exact: true }).fill('recuperada789');
  await again.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(again).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();

  // The link worked once.
  await page.goto(reset);
  await page.getByLabel('Nueva contraseña').fill('otra123456');
  await page.getByLabel('Confirmar contraseña').fill('otra123456');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'El enlace no es válido o ya venció. Pedí uno nuevo.' }),
  ).toBeVisible();
});
