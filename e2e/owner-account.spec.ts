import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, openMenu } from './support/app';

const PASSWORD = 'secreto123';

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@ejemplo.com`;
}

function loginDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
}

test('a guest signs up from Registrar mi comercio, stays signed in across a reload, logs out and back in', async ({
  page,
}) => {
  const email = uniqueEmail('dueno');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Descubrí comercios de tu zona' })).toBeVisible();

  // Publicar (bottom tab) asks a guest to log in; closing it leaves the guest where they were.
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('button', { name: 'Publicar' })
    .click();
  await expect(loginDialog(page)).toBeVisible();
  await loginDialog(page).getByRole('button', { name: 'Cerrar' }).click();
  await expect(loginDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // Registrar mi comercio (menu) opens the same modal; the signup form shows the spec's validation texts first.
  await (await openMenu(page)).getByRole('button', { name: 'Registrar mi comercio' }).click();
  await expect(loginDialog(page)).toBeVisible();
  await loginDialog(page).getByRole('button', { name: 'Registrate' }).click();
  const signup = page.getByRole('dialog', { name: 'Creá tu cuenta' });
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Nombre del comercio *').fill('Heladería La Prueba');
  await signup.getByLabel('Contraseña', { exact: true }).fill('123');
  await signup.getByLabel('Confirmar contraseña').fill('123');
  await signup.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signup.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

  await signup.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirmar contraseña').fill(`${PASSWORD}x`);
  await signup.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signup.getByText('Las contraseñas no coinciden')).toBeVisible();

  await signup.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await signup.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signup).toBeHidden();

  // Signed in: the pending action (register a business) continues, and the third tab is Mi Perfil.
  await expect(page).toHaveURL(/\/registrar$/);
  const bottomNav = page.getByRole('navigation', { name: 'Navegación principal' }).last();
  await expect(bottomNav.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();

  // The session survives a reload (the protected view does not ask to log in again).
  await page.reload();
  await expect(bottomNav.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page).toHaveURL(/\/registrar$/);
  await expect(loginDialog(page)).toBeHidden();

  await bottomNav.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(page.getByRole('heading', { name: /Tus comercios/ })).toBeVisible();
  await expect(page.getByText('Aún no tienes comercios registrados')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrar mi primer comercio' })).toBeVisible();

  // The menu shows the display name and the owner's actions; Cerrar Sesión returns to lista.
  const menu = await openMenu(page);
  await expect(menu.getByText('Heladería La Prueba')).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Nuevo Comercio' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Mis Comercios' })).toBeVisible();
  await menu.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(bottomNav.getByRole('button', { name: 'Publicar' })).toBeVisible();
  await page.reload();
  await expect(bottomNav.getByRole('button', { name: 'Publicar' })).toBeVisible();

  // Logging back in: a wrong password shows the spec's message, which clears as soon as the person types.
  await (await openMenu(page)).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = loginDialog(page);
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Contraseña').fill('equivocada');
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(login.getByRole('alert')).toHaveText('Email o contraseña incorrectos');
  await login.getByLabel('Contraseña').fill(PASSWORD);
  await expect(login.getByRole('alert')).toBeHidden();
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(login).toBeHidden();
  await expect(bottomNav.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();
});

test('a guest opening Mis Comercios by URL logs in and lands there', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('url');
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: 'Kiosco URL' },
    headers: { origin: baseURL ?? '' },
  });
  expect(signUp.ok()).toBeTruthy();

  await page.goto('/mis-comercios');
  const login = loginDialog(page);
  await expect(login).toBeVisible();
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Contraseña').fill(PASSWORD);
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(login).toBeHidden();
  await expect(page).toHaveURL(/\/mis-comercios$/);
  await expect(page.getByRole('heading', { name: /Tus comercios/ })).toBeVisible();
});

/** Publicar in the phone's bottom tabs: a guest gets the login dialog. */
async function tapPublicar(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('button', { name: 'Publicar' })
    .click();
}

const OFFLINE_SCREEN = 'No pudimos abrir esta pantalla sin conexión.';

test('offline half-way, Publicar still opens the login form fetched while the page was idle', async ({
  page,
  context,
}) => {
  const form = page.waitForResponse((res) => /\/assets\/AuthForm-[\w-]+\.js$/.test(res.url()));
  await gotoHydrated(page, '/');
  await form;
  await context.setOffline(true);
  await tapPublicar(page);
  await expect(loginDialog(page).getByLabel('Email')).toBeVisible();
  await expect(page.getByText(OFFLINE_SCREEN)).toHaveCount(0);
  await context.setOffline(false);
});

test('a login form not fetched yet waits for the connection inside the dialog, and the page stays', async ({
  page,
  context,
}) => {
  // The idle prefetch gets the dialog but not its form: the form is missing when the connection drops.
  const chunk = /\/assets\/AuthForm-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  const dialog = page.waitForResponse((res) => /\/assets\/LoginDialog-[\w-]+\.js$/.test(res.url()));
  await gotoHydrated(page, '/');
  await dialog;
  await context.setOffline(true);
  await tapPublicar(page);
  await expect(loginDialog(page).getByText('Cargando…')).toBeVisible();
  await expect(page.getByText(OFFLINE_SCREEN)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Descubrí comercios de tu zona' })).toBeAttached();

  await page.unroute(chunk);
  await context.setOffline(false);
  await expect(loginDialog(page).getByLabel('Email')).toBeVisible();
});
