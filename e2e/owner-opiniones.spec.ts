import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { emailedLink } from './support/outbox';
import { ownerCard, PASSWORD, uniqueEmail } from './support/owner';

/**
 * Opinions (issue 29) at 360×740 on the owner server (it writes): a guest taps "Opinar" on the demo owner's
 * business, creates an account from the modal, confirms the email through the emailed link, rates it 4 stars with
 * a text and sees it and the count after a reload; the demo owner answers it from Mis comercios; a guest sees the
 * answer.
 */
const NOMBRE = 'Luz Total Electricidad';
const DEMO_EMAIL = 'demo@vidriera.local';
const DEMO_PASSWORD = 'demo-vidriera';

async function businessPath(page: Page): Promise<string> {
  const answer = await page.request.get(`/api/comercios?q=${encodeURIComponent(NOMBRE)}`);
  const card = ((await answer.json()) as { items: { id: number; nombre: string }[] }).items.find(
    (c) => c.nombre === NOMBRE,
  );
  expect(card, NOMBRE).toBeDefined();
  return `/comercio/${card!.id}`;
}

const section = (page: Page) => page.getByRole('region', { name: 'Opiniones' });

/** The count "(N)" next to the mean in the section. */
async function opinionCount(page: Page): Promise<number> {
  const text =
    (await section(page)
      .getByText(/^\(\d+\)$/)
      .first()
      .textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? NaN);
}

/**
 * Taps "Opinar" until `opens` shows: the section is server-rendered and its code comes after the page's own
 * (a lazy chunk), so a tap right after hydration may land before its handler exists.
 */
async function tapOpinar(page: Page, opens: Locator) {
  await expect(async () => {
    await section(page).getByRole('button', { name: 'Opinar' }).click({ timeout: 2_000 });
    await expect(opens).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  return page.getByRole('dialog', { name: 'Menú', exact: true });
}

test('a guest rates a business from its page after creating an account there; the owner answers; guests see it', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('vecina');
  const nombre = `Vecina ${Date.now() % 100000}`;
  const texto = 'Me arreglaron la instalación en el día. Muy prolijos.';
  const detail = await businessPath(page);

  // The guest's view: the section is server-rendered with the sample opinions, their bars and the count.
  await gotoHydrated(page, detail);
  await expect(section(page).getByTestId('opinion').first()).toBeVisible();
  const before = await opinionCount(page);
  expect(before).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, 'business page with opinions');

  // "Opinar" as a guest opens the login modal; "Crear cuenta" there asks for the visitor's name.
  const login = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await tapOpinar(page, login);
  await login.getByRole('button', { name: 'Registrate' }).click();
  const signup = page.getByRole('dialog', { name: 'Creá tu cuenta' });
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Tu nombre').fill(nombre);
  await signup.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await signup.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signup).toBeHidden();

  // Signed in, the opinion form opens and says first that the email must be confirmed to publish; an unconfirmed
  // email is refused by the server too, in Spanish, and what was written stays.
  const dialog = page.getByRole('dialog', { name: `Opinar sobre ${NOMBRE}` });
  await expect(dialog.getByRole('button', { name: 'Publicar opinión' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(
    `Para publicar tu opinión, confirmá tu email: te enviamos un enlace a ${email}. Podés escribirla ahora y publicarla cuando lo confirmes.`,
  );
  await expectNoSeriousA11yViolations(page, 'opinion dialog');
  await dialog.getByLabel('4 estrellas').check({ force: true });
  await dialog.getByLabel('Contá cómo te fue').fill(texto);
  await dialog.getByRole('button', { name: 'Publicar opinión' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Confirmá tu email para opinar. Te enviamos un enlace.');
  await expect(dialog.getByLabel('Contá cómo te fue')).toHaveValue(texto);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // The emailed link confirms the address; back on the business page the opinion goes through.
  await page.goto(await emailedLink(baseURL!, email, '/verificar-email'));
  await expect(page.getByRole('status').filter({ hasText: '¡Listo! Confirmaste tu email.' })).toBeVisible();
  await gotoHydrated(page, detail);
  await tapOpinar(page, dialog);
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await dialog.getByLabel('4 estrellas').check({ force: true });
  await dialog.getByLabel('Contá cómo te fue').fill(texto);
  await dialog.getByRole('button', { name: 'Publicar opinión' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page).getByText('¡Gracias por tu opinión!')).toBeVisible();

  // After a reload (the server-rendered page): newest first, with the name, the stars, "hoy" and the new count.
  await gotoHydrated(page, detail);
  const mine = section(page).getByTestId('opinion').first();
  await expect(mine).toContainText(nombre);
  await expect(mine).toContainText(texto);
  await expect(mine).toContainText('hoy');
  await expect(mine.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
  expect(await opinionCount(page)).toBe(before + 1);

  // The owner answers from Mis comercios.
  await (await openMenu(page)).getByRole('button', { name: 'Cerrar Sesión' }).click();
  await gotoHydrated(page, '/');
  await (await openMenu(page)).getByRole('button', { name: 'Iniciar Sesión' }).click();
  await login.getByLabel('Email').fill(DEMO_EMAIL);
  await login.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(login).toBeHidden();
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  const card = ownerCard(page, NOMBRE);
  const recibida = card.getByTestId('opinion-recibida').filter({ hasText: nombre });
  await expect(recibida).toContainText(texto);
  await expectNoSeriousA11yViolations(page, 'Mis comercios with opinions');
  await recibida.getByLabel(`Tu respuesta a ${nombre}`).fill('¡Gracias! Cualquier cosa nos avisás.');
  await recibida.getByRole('button', { name: `Responder a ${nombre} en ${NOMBRE}` }).click();
  await expect(recibida.getByText('Respuesta del comercio')).toBeVisible();
  await expect(recibida.getByRole('button', { name: 'Editar respuesta' })).toBeVisible();

  // A guest sees the answer under the opinion.
  await (await openMenu(page)).getByRole('button', { name: 'Cerrar Sesión' }).click();
  await gotoHydrated(page, detail);
  const answered = section(page).getByTestId('opinion').filter({ hasText: nombre });
  await expect(answered.getByText('Respuesta del comercio')).toBeVisible();
  await expect(answered).toContainText('¡Gracias! Cualquier cosa nos avisás.');
  await expectNoSeriousA11yViolations(page, 'business page with an answer');
});
