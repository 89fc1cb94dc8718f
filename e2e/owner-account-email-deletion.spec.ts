import { expect, test, type Page } from '@playwright/test';
import { EMPTY_SEARCH, gotoHydrated, gridNames, openMenu } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { emailedLink } from './support/outbox';
import {
  createComercio,
  fillCard,
  ownerCard,
  PASSWORD,
  paymentDialog,
  PUBLISH,
  signUpThroughUi,
  uniqueEmail,
} from './support/owner';

async function openMiCuenta(page: Page) {
  await (await openMenu(page)).getByRole('button', { name: 'Mi cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
}

async function signOut(page: Page) {
  await (await openMenu(page)).getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toBeHidden();
}

/** Opens the login modal from the menu of a hydrated home page and signs in; returns the modal. */
async function signIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/');
  await (await openMenu(page)).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Contraseña', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  return login;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('Mi cuenta changes the email through the link sent to the new address, and the new email signs in', async ({
  page,
  baseURL,
}) => {
  // Sign-up, an emailed link and two sign-ins: longer than one owner step.
  test.setTimeout(120_000);
  const before = uniqueEmail('antes');
  const after = uniqueEmail('despues');
  await signUpThroughUi(page, { email: before, name: 'Vivero Cambio' });

  await openMiCuenta(page);
  const email = section(page, 'Email');
  await expect(email.getByText(before)).toBeVisible();
  await email.getByLabel('Nuevo email').fill(after);
  await email.getByRole('button', { name: 'Cambiar email' }).click();
  await expect(email.getByRole('status')).toHaveText(
    `Te enviamos un enlace a ${after}. Tu email cambia cuando lo abras, con esta cuenta iniciada en ese navegador.`,
  );
  // Until the link is opened, the account keeps its address.
  await expect(email.getByText(before)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mi-cuenta, email change asked');

  // The link goes to the new address; opened in this browser (signed in), it confirms the change.
  const link = await emailedLink(baseURL!, after, '/verificar-email');
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: '¡Listo! Confirmaste tu email.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'verificar-email, new address');
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await openMiCuenta(page);
  await expect(section(page, 'Email').getByText(`Tu email es ${after} (confirmado).`)).toBeVisible();

  // Signed out: the old address no longer signs in, the new one does, with the same password.
  await signOut(page);
  const old = await signIn(page, before, PASSWORD);
  await expect(old.getByRole('alert')).toHaveText('Email o contraseña incorrectos');
  const login = await signIn(page, after, PASSWORD);
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();
  await expect((await openMenu(page)).getByText('Vivero Cambio')).toBeVisible();
});

test('deleting the account says what happens first; afterwards it cannot sign in and its business is gone from the public pages', async ({
  page,
  baseURL,
}) => {
  // Sign-up, a sandbox payment, the public pages before and after, and a refused sign-in.
  test.setTimeout(150_000);
  const email = uniqueEmail('se-va');
  const nombre = `Mercería Despedida ${Date.now()}`;
  await signUpThroughUi(page, { email, name: 'Mercería Despedida' });
  const id = await createComercio(page, baseURL!, { nombre, categorias: ['Mercería'] });

  // Published through the sandbox, so the public pages show it.
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  const card = ownerCard(page, nombre);
  await card.getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toHaveText('Pago exitoso');
  const search = `/?q=${encodeURIComponent(nombre)}`;
  await gotoHydrated(page, `/comercio/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await gotoHydrated(page, search);
  await expect(gridNames(page)).toHaveText([nombre]);

  // The deletion says what happens to businesses, opinions, payments and sessions before it asks to confirm.
  await openMiCuenta(page);
  const borrar = section(page, 'Eliminar la cuenta');
  await expect(borrar.getByRole('listitem')).toHaveText([
    'Se eliminan tus comercios, con sus promociones y fotos: dejan de verse en Vidriera al instante.',
    'Se eliminan las opiniones que escribiste, y las calificaciones de esos comercios se recalculan sin ellas.',
    'Tus pagos se conservan sin tus datos, porque la ley contable nos obliga a guardarlos.',
    'Se cierran todas tus sesiones. No se puede deshacer.',
  ]);
  await borrar.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const confirm = borrar.getByLabel('Tu contraseña, para confirmar');
  await expect(confirm).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'mi-cuenta, deletion confirmation');
  // A wrong password deletes nothing.
  await confirm.fill('no-es-la-clave');
  await borrar.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
  await expect(borrar.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await confirm.fill(PASSWORD);
  await borrar.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();

  // Signed out, back on the list.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toBeHidden();

  // Its business is gone: its page says so, and the search that found it finds nothing.
  await gotoHydrated(page, `/comercio/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este comercio' })).toBeVisible();
  await gotoHydrated(page, search);
  await expect(page.getByText(EMPTY_SEARCH)).toBeVisible();
  await expect(gridNames(page)).toHaveCount(0);

  // The account cannot sign in again.
  const login = await signIn(page, email, PASSWORD);
  await expect(login.getByRole('alert')).toHaveText('Email o contraseña incorrectos');
});
