import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { gotoHydrated } from './support/app';
import { createComercio, fillCard, ownerCard, paymentDialog, PUBLISH, signUpThroughUi } from './support/owner';

/** A guest on another phone: opens the business page and, optionally, taps WhatsApp. */
async function guestVisit(browser: Browser, baseURL: string, id: number, userAgent: string, whatsapp: boolean) {
  const guest = await browser.newContext({ ...devices['Pixel 5'], userAgent, baseURL });
  // WhatsApp opens in a new tab; the test machine is offline, so that tab goes nowhere.
  await guest.route('https://wa.me/**', (route) => route.abort());
  const page = await guest.newPage();
  // The tap is counted by the page's script: before hydration the link just opens WhatsApp (ADR 017).
  await gotoHydrated(page, `/comercio/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (whatsapp) {
    const tapped = page.waitForRequest((r) => r.url().endsWith(`/api/comercios/${id}/eventos`));
    await page
      .getByRole('link', { name: /^WhatsApp/ })
      .first()
      .click();
    await tapped;
  }
  await guest.close();
}

async function openHistory(page: Page, nombre: string) {
  const card = ownerCard(page, nombre);
  await card.getByText('Pagos y comprobantes').click();
  return card.getByRole('list', { name: 'Pagos' });
}

test('an owner pays, sees the receipt and the history, and later how many guests saw the business', async ({
  page,
  browser,
  baseURL,
}) => {
  const nombre = `Rotisería Comprobante ${Date.now()}`;
  await signUpThroughUi(page);
  const id = await createComercio(page, baseURL!, { nombre, telefono: '261 412-3456' });
  await page.getByRole('button', { name: 'Mi Perfil' }).click();

  // Pay with an approved card.
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, nombre);
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerCard(page, nombre).getByRole('status')).toHaveText('Pago exitoso');
  // 30 days left: not yet time to renew.
  await expect(ownerCard(page, nombre).getByText(/^Publicación Activa - Pago vigente · quedan 30 días$/)).toBeVisible();
  await expect(ownerCard(page, nombre).getByRole('button', { name: 'Renovar' })).toHaveCount(0);

  // The history lists the approved payment with its period, and links to its receipt.
  const history = await openHistory(page, nombre);
  await expect(history.getByText('aprobado')).toBeVisible();
  await expect(history.getByText('$ 450')).toBeVisible();
  await expect(
    history.getByText(/^Período: del \d{1,2} de \p{L}+ de \d{4} al \d{1,2} de \p{L}+ de \d{4}$/u),
  ).toBeVisible();
  await history.getByRole('link', { name: 'Ver comprobante' }).click();

  await expect(page).toHaveURL(/\/mis-comercios\/comprobante\/\d+$/);
  const receipt = page.getByRole('article', { name: 'Comprobante' });
  await expect(receipt).toBeVisible();
  await expect(receipt.locator('[data-field="Comercio"]')).toHaveText(nombre);
  await expect(receipt.locator('[data-field="Monto"]')).toHaveText('$ 450');
  await expect(receipt.locator('[data-field="Fecha y hora"]')).toHaveText(
    /^\d{1,2} de \p{L}+ de \d{4} a las \d{2}:\d{2} \(hora de Mendoza\)$/u,
  );
  await expect(receipt.locator('[data-field="Medio de pago"]')).toHaveText('Visa · tarjeta de crédito · 1 cuota');
  await expect(receipt.locator('[data-field="N.º de pago"]')).toHaveText(/^\d+$/);
  // On paper only the receipt shows.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Two guests look at the business; one of them taps WhatsApp (twice: counted once).
  await guestVisit(browser, baseURL!, id, devices['Pixel 5'].userAgent, true);
  await guestVisit(browser, baseURL!, id, devices['Pixel 5'].userAgent, true);
  await guestVisit(browser, baseURL!, id, devices['iPhone 13'].userAgent, false);

  // Counts reach the database within a few seconds; the owner's card then shows them.
  await page.goto('/mis-comercios');
  const summary = ownerCard(page, nombre).getByTestId('estadisticas-resumen');
  await expect(async () => {
    await page.reload();
    await expect(summary).toHaveText('2 visitas, 1 contacto por WhatsApp en 30 días', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    ownerCard(page, nombre).getByRole('img', { name: /Visitas por día en los últimos 30 días/ }),
  ).toBeVisible();
  await expect(ownerCard(page, nombre).getByTestId('estadisticas-totales')).toHaveText(
    'Desde que se publicó: 2 visitas · 1 WhatsApp · 0 llamadas · 0 Cómo llegar · 0 compartidos',
  );
});
