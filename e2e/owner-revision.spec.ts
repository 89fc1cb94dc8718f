/**
 * "Pedir revisión" end to end at 360×740 (issue 33, owner server): an operator hides a business; its owner asks
 * for a review from the card with a note; the operator reads it in the reports' section and rejects it with a
 * reason the owner then reads; the owner asks again and the operator shows the business. axe and the overflow
 * check on the card, the dialog and the console's list. The operator's email is appointed by
 * playwright.config.ts's command line like e2e/operador.spec.ts's.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { totpCode } from '#test/server/totp';
import { gotoHydrated } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { createComercio, ownerCard, PASSWORD, signUpThroughUi } from './support/owner';

const OPERATOR = 'operadora-revision@vidriera.test';

async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Mendoza',
  });
  return context.newPage();
}

/** Signs the appointed email up and enrols its authenticator app from the console. */
async function operatorPage(browser: Browser, baseURL: string): Promise<Page> {
  const op = await phonePage(browser, baseURL);
  await signUpThroughUi(op, { email: OPERATOR, name: 'Operación Vidriera' });
  await op.goto('/operador');
  await op.getByLabel('Tu contraseña').fill(PASSWORD);
  await op.getByRole('button', { name: 'Continuar' }).click();
  const uri = (await op.getByTestId('totp-uri').getAttribute('data-uri'))!;
  await op.getByLabel('Código que muestra tu app').fill(totpCode(uri));
  await op.getByRole('button', { name: 'Activar' }).click();
  await expect(op.getByRole('navigation', { name: 'Secciones de operación' })).toBeVisible();
  return op;
}

test('the owner of a hidden business asks for a review; the operator rejects it, then shows the business', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const nombre = `Heladería Revisada ${Date.now()}`;
  await signUpThroughUi(page);
  const id = await createComercio(page, baseURL!, { nombre });

  const op = await operatorPage(browser, baseURL!);
  await op.goto(`/operador/comercios?id=${id}`);
  await op.getByLabel('Motivo (lo verá el dueño)').fill('Fotos de otro local');
  await op.getByRole('button', { name: 'Ocultar comercio' }).click();
  await expect(op.getByTestId('estado-comercio')).toHaveText('Estado: Oculto (Fotos de otro local)');

  // The owner asks for a review from the card.
  await gotoHydrated(page, '/mis-comercios');
  const card = ownerCard(page, nombre);
  await expect(card.getByText('Oculto por moderación: Fotos de otro local')).toBeVisible();
  await card.getByRole('button', { name: 'Pedir revisión' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pedir revisión' });
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog.getByText('Contanos por qué pedís la revisión (al menos 10 caracteres).')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'review request dialog');
  await expectNoHorizontalOverflow(page, 'review request dialog');
  await dialog.getByLabel(/Tu nota para el equipo/).fill('Las fotos son nuestras: las sacamos en el local.');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Pedido de revisión enviado el /)).toBeVisible();
  await expect(card.getByRole('button', { name: /Pedir/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'card with a pending review request');
  await expectNoHorizontalOverflow(page, 'card with a pending review request');

  // The operator reads it in the reports' section and rejects it.
  await op.getByRole('link', { name: 'Denuncias' }).click();
  const pedido = op.getByTestId('revision').filter({ hasText: nombre });
  await expect(pedido).toContainText('Las fotos son nuestras: las sacamos en el local.');
  await expect(pedido).toContainText('Oculto por: Fotos de otro local');
  await expectNoSeriousA11yViolations(op, 'review requests');
  await expectNoHorizontalOverflow(op, 'review requests');
  await pedido.getByRole('button', { name: 'Rechazar pedido' }).click();
  await pedido.getByLabel('Motivo (lo verá el dueño)').fill('Las fotos siguen siendo de otro local.');
  await pedido.getByRole('button', { name: 'Rechazar pedido' }).click();
  await expect(pedido).toHaveCount(0);

  // The owner reads the answer and asks again.
  await gotoHydrated(page, '/mis-comercios');
  await expect(card.getByText('Revisamos tu pedido y el comercio sigue oculto.')).toBeVisible();
  await expect(card.getByText('Respuesta: Las fotos siguen siendo de otro local.')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'card with a rejected review request');
  await card.getByRole('button', { name: 'Pedir otra revisión' }).click();
  await dialog.getByLabel(/Tu nota para el equipo/).fill('Cambiamos todas las fotos por otras nuevas.');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(card.getByText(/^Pedido de revisión enviado el /)).toBeVisible();

  // The operator shows the business again from the request.
  await op.reload();
  await expect(pedido).toContainText('Cambiamos todas las fotos por otras nuevas.');
  await pedido.getByRole('button', { name: 'Mostrar comercio' }).click();
  await pedido.getByLabel('Nota para el registro').fill('Fotos corregidas');
  await pedido.getByRole('button', { name: 'Mostrar comercio' }).click();
  await expect(pedido).toHaveCount(0);
  await op.getByRole('button', { name: 'Comercio mostrado' }).click();
  await expect(pedido).toContainText('Cambiamos todas las fotos por otras nuevas.');

  await gotoHydrated(page, '/mis-comercios');
  await expect(card.getByRole('heading', { name: nombre })).toBeVisible();
  await expect(card.getByText(/Oculto por moderación/)).toHaveCount(0);
  await expect(card.getByText(/Pedido de revisión/)).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 'card shown again');
});
