/**
 * Issue 12 on a phone: an owner adds a promotion for "martes y jueves, débito, tope $ 5.000"; a guest sees it in
 * "Hoy" only on those days, sees its fine print on the card and the business page, saves it in Favoritos and finds
 * it there after a reload. The server's clock is the real one (a browser test cannot move it), so the test reads
 * today's Mendoza weekday and expects what that day should show.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { createComercio, fillCard, ownerCard, paymentDialog, PUBLISH, signUpThroughUi } from './support/owner';

test.use({ viewport: { width: 360, height: 740 } });

async function answer(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button').filter({ hasNotText: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
}

const mendozaWeekday = () =>
  new Intl.DateTimeFormat('es-AR', { weekday: 'long', timeZone: 'America/Argentina/Mendoza' }).format(new Date());

test('promos de hoy: fine print, the Hoy filter and favourites without an account', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const nombre = `Cotillón Hoy ${stamp}`;
  const categoria = `Cotillón ${stamp}`;
  const titulo = `Globos 2x1 ${stamp}`;

  await signUpThroughUi(page);
  const id = await createComercio(page, baseURL!, { nombre, categorias: [categoria] });
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const pay = paymentDialog(page, nombre);
  await fillCard(pay, 'APRO');
  await pay.getByRole('button', { name: 'Pagar' }).click();
  await expect(pay).toBeHidden();
  await expect(ownerCard(page, nombre).getByRole('status')).toHaveText('Pago exitoso');

  await page.goto(`/comercio/${id}/editar`);
  await page.getByRole('button', { name: 'Agregar promoción' }).click();
  await page.getByRole('textbox', { name: 'Título' }).fill(titulo);
  await page.getByRole('textbox', { name: 'Descripción' }).last().fill('Para cumpleaños');
  await page.getByRole('textbox', { name: 'Descuento' }).fill('50%');
  await page.getByLabel(/Vence el/).fill('2099-12-31');
  await page.getByRole('checkbox', { name: 'Martes' }).check();
  await page.getByRole('checkbox', { name: 'Jueves' }).check();
  await page.getByRole('checkbox', { name: 'Débito' }).check();
  await page.getByRole('spinbutton', { name: 'Tope ($)' }).fill('5000');
  await page.getByRole('textbox', { name: 'Condiciones' }).fill('No acumulable.');
  await expectNoSeriousA11yViolations(page, 'editar con letra chica');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await answer(page, 'Se agregará 1 promoción.');
  await expect(page).toHaveURL(/\/mis-comercios$/);

  // A guest, on another device.
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const guest = await guestContext.newPage();
  const appliesToday = ['martes', 'jueves'].includes(mendozaWeekday());
  const q = `categoria=${encodeURIComponent(categoria)}`;

  await guest.goto(`/promociones?${q}`);
  const card = guest.getByRole('article').filter({ hasText: titulo });
  await expect(card).toContainText('Mar y Jue · Débito · tope $ 5.000');
  if (!appliesToday) await expect(card).toContainText(/Hoy no aplica · próximo (martes|jueves)/);
  await guest.getByRole('button', { name: 'Hoy' }).click();
  await expect(guest).toHaveURL(/hoy=1/);
  await expect(guest.getByRole('button', { name: 'Hoy' })).toHaveAttribute('aria-pressed', 'true');
  if (appliesToday) await expect(card).toBeVisible();
  else await expect(guest.getByText('Hoy no hay promociones que apliquen. Probá sin el filtro Hoy.')).toBeVisible();
  await expectNoSeriousA11yViolations(guest, 'promociones hoy');
  await expectNoHorizontalOverflow(guest, 'promociones hoy');

  // The business page shows all the fine print.
  await guest.goto(`/comercio/${id}`);
  // The innermost article: the promotion's card inside the business's page.
  const detail = guest.getByRole('article').filter({ hasText: titulo }).last();
  await expect(detail).toContainText('Mar y Jue');
  await expect(detail).toContainText('Débito');
  await expect(detail).toContainText('$ 5.000');
  await expect(detail).toContainText('No acumulable.');

  // Favourites: saved on the device, still there after a reload.
  await guest.goto(`/promociones?${q}`);
  await card.getByRole('button', { name: 'Guardar en favoritos' }).click();
  await expect(card.getByRole('button', { name: 'Quitar de favoritos' })).toHaveAttribute('aria-pressed', 'true');
  await guest.reload();
  await guest.goto('/favoritos');
  await expect(guest.getByRole('heading', { name: 'Favoritos', level: 1 })).toBeVisible();
  await expect(guest.getByRole('article').filter({ hasText: titulo })).toContainText(
    'Mar y Jue · Débito · tope $ 5.000',
  );
  await expectNoSeriousA11yViolations(guest, 'favoritos');
  await expectNoHorizontalOverflow(guest, 'favoritos');
  await guestContext.close();

  // Leave the shared e2e database as the other specs expect it (they count the sample's promotions).
  const removed = await page.request.delete(`/api/comercios/${id}`, { headers: { origin: baseURL! } });
  expect(removed.ok(), await removed.text()).toBe(true);
});
