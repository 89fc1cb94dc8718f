/**
 * The operator console end to end (owner server): an account listed in OPERATOR_EMAILS enrols its
 * authenticator app and signs in with a code the test computes; a guest reports a business and the report
 * reaches the queue; the operator hides the business (the guest no longer finds it, its owner reads why)
 * and refunds its sandbox payment. axe checks the console.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { totpCode } from '#server/testing/totp';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  createComercio,
  fillCard,
  ownerCard,
  paymentDialog,
  PASSWORD,
  PUBLISH,
  signUpThroughUi,
} from './support/owner';

const OPERATOR = 'operadora@vidriera.test';
const PHONE = { viewport: { width: 360, height: 740 } };

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...PHONE,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Mendoza',
  });
  return context.newPage();
}

/** Waits for a code of a new 30-second window, so it is never the one just used. */
async function freshCode(uri: string, used: string | null): Promise<string> {
  for (;;) {
    const code = totpCode(uri);
    if (code !== used) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

test('an operator with a second factor moderates a reported business and refunds its payment', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const nombre = `Heladería Denunciada ${Date.now()}`;

  // The owner publishes a business with a sandbox payment.
  await signUpThroughUi(page);
  await createComercio(page, baseURL!, { nombre });
  await page.goto('/mis-comercios');
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(ownerCard(page, nombre).getByText('Publicación Activa - Pago vigente')).toBeVisible();

  // A guest finds it and reports it, without an account.
  const guest = await newPage(browser, baseURL!);
  await guest.goto('/');
  await guest.getByRole('searchbox').first().fill(nombre);
  await guest.getByRole('link', { name: nombre }).first().click();
  await guest.getByRole('button', { name: `Denunciar el comercio ${nombre}` }).click();
  const report = guest.getByRole('dialog', { name: 'Denunciar comercio' });
  await report.getByRole('radio', { name: 'Información falsa' }).check();
  await report.getByLabel('Contanos más (opcional)').fill('Las fotos son de otro local.');
  await report.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(report.getByText('Gracias por avisarnos. Vamos a revisar tu denuncia.')).toBeVisible();
  await report.getByRole('button', { name: 'Cerrar' }).first().click();

  // The operator signs up (OPERATOR_EMAILS makes the account an operator) and enrols the authenticator app.
  const enrolPage = await newPage(browser, baseURL!);
  await signUpThroughUi(enrolPage, { email: OPERATOR, name: 'Operación Vidriera' });
  await enrolPage.goto('/operador');
  await expect(enrolPage.getByRole('heading', { name: 'Activá la verificación en dos pasos' })).toBeVisible();
  await expectNoSeriousA11yViolations(enrolPage, 'enrolment');
  await enrolPage.getByLabel('Tu contraseña').fill(PASSWORD);
  await enrolPage.getByRole('button', { name: 'Continuar' }).click();
  const uri = (await enrolPage.getByTestId('totp-uri').getAttribute('data-uri'))!;
  const enrolCode = totpCode(uri);
  await enrolPage.getByLabel('Código que muestra tu app').fill(enrolCode);
  await enrolPage.getByRole('button', { name: 'Activar' }).click();
  await expect(enrolPage.getByRole('navigation', { name: 'Secciones de operación' })).toBeVisible();
  await enrolPage.context().close();

  // A new browser: the password alone is not enough, the app's code completes the sign-in.
  const op = await newPage(browser, baseURL!);
  await op.goto('/');
  await op.getByRole('button', { name: 'Menú' }).click();
  await op.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = op.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await login.getByLabel('Email').fill(OPERATOR);
  await login.getByLabel('Contraseña').fill(PASSWORD);
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await login.getByLabel('Código de tu app de autenticación').fill(await freshCode(uri, enrolCode));
  await login.getByRole('button', { name: 'Verificar código' }).click();
  await expect(login).toBeHidden();

  await op.goto('/operador');
  await expect(op.getByRole('heading', { level: 1, name: 'Operación' })).toBeVisible();
  await expect(op.getByText('Publicados ahora')).toBeVisible();
  await expectNoSeriousA11yViolations(op, 'console overview');

  // The guest's report is in the queue.
  await op.getByRole('link', { name: 'Denuncias' }).click();
  const queued = op.getByTestId('denuncia').filter({ hasText: nombre });
  await expect(queued).toContainText('Información falsa');
  await expect(queued).toContainText('Las fotos son de otro local.');
  await expectNoSeriousA11yViolations(op, 'reports queue');

  // Hide it from the business's page in the console.
  await queued.getByRole('link', { name: nombre }).click();
  await expect(op.getByRole('heading', { level: 2, name: nombre })).toBeVisible();
  await op.getByLabel('Motivo (lo verá el dueño)').fill('Fotos de otro local');
  await op.getByRole('button', { name: 'Ocultar comercio' }).click();
  await expect(op.getByTestId('estado-comercio')).toHaveText('Estado: Oculto (Fotos de otro local)');
  await expectNoSeriousA11yViolations(op, 'business detail');

  // The guest no longer finds it; its owner reads why.
  await guest.goto('/');
  await guest.getByRole('searchbox').first().fill(nombre);
  await expect(guest.getByText('No se encontraron comercios que coincidan con tu búsqueda.')).toBeVisible();
  await page.goto('/mis-comercios');
  await expect(ownerCard(page, nombre).getByText('Oculto por moderación: Fotos de otro local')).toBeVisible();

  // Refund its sandbox payment, ending the publication.
  await op.getByRole('link', { name: 'Pagos' }).click();
  await op.getByLabel('Buscá por orden, email o comercio').fill(nombre);
  const pago = op.getByTestId('pago').filter({ hasText: nombre });
  await expect(pago).toContainText('Acreditado');
  await pago.getByRole('button', { name: 'Reembolsar' }).click();
  await pago.getByLabel('Motivo').fill('Se le devuelve el dinero por la moderación');
  await pago.getByLabel('Termina ahora').check();
  await pago.getByLabel('Tu contraseña (para confirmar)').fill(PASSWORD);
  await pago.getByRole('button', { name: /^Reembolsar \$/ }).click();
  await expect(pago).toContainText('Reembolsado');
  await expectNoSeriousA11yViolations(op, 'payments ledger');

  await op.getByRole('link', { name: 'Auditoría' }).click();
  await expect(op.getByText('Reembolsó un pago').first()).toBeVisible();
  await expect(op.getByText('Ocultó un comercio').first()).toBeVisible();
});
