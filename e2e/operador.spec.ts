/**
 * The operator console end to end (owner server): an account appointed from the command line before it
 * existed (playwright.config.ts runs `dist/server/operador-cli.js` before the server starts) signs up, enrols its
 * authenticator app and signs in with a code the test computes, and with a backup code once (a second use is
 * refused); a guest reports a business and the report reaches the queue; the operator hides the business (the
 * guest no longer finds it, its owner reads why) and refunds its sandbox payment. axe checks the console. Then, at
 * 360×740 with very long names, emails and reasons, no console section is wider than the screen, and an operator
 * takes the role away from another. Each test enrols an operator of its own (both emails are appointed), so
 * either runs alone.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { totpCode } from '#test/server/totp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { gotoHydrated } from './support/app';
import {
  createComercio,
  fillCard,
  ownerCard,
  paymentDialog,
  PASSWORD,
  PUBLISH,
  signUpThroughUi,
} from './support/owner';

// The emails playwright.config.ts appoints with the command line, one per test.
const OPERATOR = 'operadora@vidriera.test';
const PHONE_OPERATOR = 'operadora-celular@vidriera.test';
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

/** A new browser where the operator enters email and password; the login dialog then asks for the second factor. */
async function operatorPasswordStep(browser: Browser, baseURL: string) {
  const op = await newPage(browser, baseURL);
  // The menu opens once the server-rendered page has hydrated: a tap before that does nothing.
  await gotoHydrated(op, '/');
  await op.getByRole('button', { name: 'Menú', exact: true }).click();
  await op.getByRole('dialog', { name: 'Menú', exact: true }).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = op.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await login.getByLabel('Email').fill(OPERATOR);
  await login.getByLabel('Contraseña').fill(PASSWORD);
  await login.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(login.getByLabel('Código de tu app de autenticación')).toBeVisible();
  return { op, login };
}

/**
 * Signs an appointed email up and enrols its authenticator app from the console (the page stays signed in with
 * the session the enrolment kept); `check` runs axe at each step when given.
 */
async function enrolOperator(
  browser: Browser,
  baseURL: string,
  email: string,
  check: (page: Page, name: string) => Promise<void> = async () => {},
) {
  const page = await newPage(browser, baseURL);
  await signUpThroughUi(page, { email, name: 'Operación Vidriera' });
  await page.goto('/operador');
  await expect(page.getByRole('heading', { name: 'Activá la verificación en dos pasos' })).toBeVisible();
  await check(page, 'enrolment');
  await page.getByLabel('Tu contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para escanear con tu app de autenticación' })).toBeVisible();
  await check(page, 'enrolment with its QR code');
  const uri = (await page.getByTestId('totp-uri').getAttribute('data-uri'))!;
  await page.getByText('Códigos de respaldo (guardalos)').click();
  const backupCodes = await page.locator('details li').allTextContents();
  expect(backupCodes).toHaveLength(10);
  const code = totpCode(uri);
  await page.getByLabel('Código que muestra tu app').fill(code);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByRole('navigation', { name: 'Secciones de operación' })).toBeVisible();
  return { page, uri, code, backupCodes };
}

/** The page is no wider than the phone (nothing scrolls sideways); E2E_SCREENSHOTS=1 also keeps a picture. */
async function expectFitsPhone(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
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

  // The operator signs up (the pending appointment makes the account an operator) and enrols the authenticator app.
  const enrolled = await enrolOperator(browser, baseURL!, OPERATOR, expectNoSeriousA11yViolations);
  await enrolled.page.context().close();

  // Phone lost: a new browser signs in with a backup code instead of the app's; the same code does not work twice.
  const [backupCode] = enrolled.backupCodes;
  for (const attempt of ['first', 'second'] as const) {
    const { op: lost, login } = await operatorPasswordStep(browser, baseURL!);
    await login.getByRole('button', { name: '¿No tenés el teléfono? Usá un código de respaldo' }).click();
    await login.getByLabel('Código de respaldo').fill(backupCode!);
    await login.getByRole('button', { name: 'Verificar código' }).click();
    if (attempt === 'first') {
      await expect(login).toBeHidden();
      await lost.goto('/operador');
      await expect(lost.getByRole('heading', { level: 1, name: 'Operación' })).toBeVisible();
    } else {
      await expect(login.getByRole('alert')).toHaveText('El código de respaldo no es correcto o ya se usó.');
    }
    await lost.context().close();
  }

  // A new browser: the password alone is not enough, the app's code completes the sign-in (a code of a later
  // 30-second window than the enrolment's: each code is accepted once).
  const { op, login } = await operatorPasswordStep(browser, baseURL!);
  await login.getByLabel('Código de tu app de autenticación').fill(await freshCode(enrolled.uri, enrolled.code));
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
  // One status on the card: the hiding, with the payment kept under it, not the green "Publicación Activa" beside it.
  await expect(ownerCard(page, nombre).getByText(/Publicación Activa/)).toHaveCount(0);
  await expect(ownerCard(page, nombre).getByText(/^Tu pago se mantiene: pagado hasta el /)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'mis-comercios, hidden by moderation');

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
  // Her own promotion, by the command line's appointment, claimed when she first entered signed in.
  const appointed = op
    .getByRole('listitem')
    .filter({ hasText: 'Nombró operador' })
    .filter({ hasText: 'linea de comandos' });
  await expect(appointed).toContainText('Motivo: npm run operator:add');
});

test('every console section fits a 360×740 phone with very long names, and operators can remove another', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  // 60+ characters, with words longer than the screen is wide.
  const nombre = `Heladería Artesanal Los Hermanos Fernández ${stamp} SuperCalifragilísticoExpialidoso`;
  const email = `una-direccion-de-correo-larguisima-sin-espacios-${stamp}@un-dominio-bastante-extenso.com.ar`;
  const reason = `Motivo largo: ${'fotografías-de-otro-local-sin-espacios-'.repeat(4)} y el resto del texto explica por qué.`;

  // An owner with a long name and email publishes, then edits (the history shows what changed).
  await signUpThroughUi(page, { email, name: `Titular ${'Nombre-Muy-Largo-'.repeat(4)}` });
  const id = await createComercio(page, baseURL!, { nombre, descripcion: 'Helados' });
  await page.goto('/mis-comercios');
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(ownerCard(page, nombre).getByText('Publicación Activa - Pago vigente')).toBeVisible();

  // A guest reports it with a long text.
  const guest = await newPage(browser, baseURL!);
  // A server-rendered page: its buttons act once the scripts (loaded after the page's photo) have hydrated it.
  await gotoHydrated(guest, `/comercio/${id}`);
  await guest.getByRole('button', { name: `Denunciar el comercio ${nombre}` }).click();
  const report = guest.getByRole('dialog', { name: 'Denunciar comercio' });
  await report.getByRole('radio', { name: 'Otro' }).check();
  await report.getByLabel('Contanos más (opcional)').fill(reason);
  await report.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(report.getByText('Gracias por avisarnos. Vamos a revisar tu denuncia.')).toBeVisible();

  // An operator of this test's own, signed in by the enrolment.
  const { page: op } = await enrolOperator(browser, baseURL!, PHONE_OPERATOR);
  await op.goto('/operador');
  await expect(op.getByText('Publicados ahora')).toBeVisible();
  await expectFitsPhone(op, 'resumen');

  await op.goto('/operador/comercios');
  await expect(op.getByRole('link', { name: nombre })).toBeVisible();
  await expectFitsPhone(op, 'comercios');

  await op.goto('/operador/denuncias');
  await expect(op.getByTestId('denuncia').filter({ hasText: nombre })).toContainText('Motivo largo');
  await expectFitsPhone(op, 'denuncias');

  // The business's page: hidden with a long reason; its history has the owner's creation and payment.
  await op.goto(`/operador/comercios?id=${id}`);
  await op.getByLabel('Motivo (lo verá el dueño)').fill(reason.slice(0, 300));
  await op.getByRole('button', { name: 'Ocultar comercio' }).click();
  await expect(op.getByTestId('estado-comercio')).toContainText('Estado: Oculto (Motivo largo');
  const historial = op.getByRole('region', { name: 'Historial' });
  await expect(historial.getByText('Creó el comercio · comercio')).toBeVisible();
  await expect(historial.getByText('Pagó la publicación · comercio')).toBeVisible();
  await expectFitsPhone(op, 'comercio');

  await op.goto('/operador/pagos');
  await op.getByLabel('Buscá por orden, email o comercio').fill(String(stamp));
  await op.getByTestId('pago').filter({ hasText: nombre }).getByRole('button', { name: 'Reembolsar' }).click();
  await expectFitsPhone(op, 'pagos');

  // Cuentas: make the long-named owner an operator, then take the role away (password again).
  await op.goto('/operador/cuentas');
  await op.getByLabel('Buscá por email o nombre').fill(email);
  const cuenta = op.getByRole('listitem').filter({ hasText: email });
  await cuenta.getByRole('button', { name: 'Nombrar operador' }).click();
  await cuenta.getByLabel('Motivo').fill('Se suma al equipo');
  await cuenta.getByRole('button', { name: 'Nombrar operador' }).click();
  await expect(cuenta).toContainText('Operador ·');
  await cuenta.getByRole('button', { name: 'Quitar rol de operador' }).click();
  await cuenta.getByLabel('Motivo').fill(reason.slice(0, 300));
  await cuenta.getByLabel('Tu contraseña (para confirmar)').fill('no-es-esta');
  await cuenta.getByRole('button', { name: 'Quitar rol de operador' }).click();
  await expect(cuenta.getByText('La contraseña no es correcta.')).toBeVisible();
  await expectFitsPhone(op, 'cuentas');
  await cuenta.getByLabel('Tu contraseña (para confirmar)').fill(PASSWORD);
  await cuenta.getByRole('button', { name: 'Quitar rol de operador' }).click();
  await expect(cuenta).toContainText('Dueño ·');
  await expectNoSeriousA11yViolations(op, 'accounts');

  await op.goto('/operador/auditoria');
  await expect(op.getByText('Quitó el rol de operador').first()).toBeVisible();
  await expectFitsPhone(op, 'auditoria');
});
