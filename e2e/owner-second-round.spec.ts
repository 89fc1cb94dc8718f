/**
 * Issue 33 on a 360×740 phone, an owner's side: the promotion form's means of payment read whole, a saved edit
 * says so, and a business published a moment ago says it has no visits yet instead of drawing an empty chart.
 * With E2E_SCREENSHOTS=<folder>, the views are saved there for a person to look at.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './support/layout';
import { createComercio, fillCard, ownerCard, paymentDialog, PUBLISH, signUpThroughUi } from './support/owner';

test.use({ viewport: { width: 360, height: 740 } });

async function shot(page: Page, name: string, target?: Locator) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  if (target) await target.screenshot({ path: `${dir}/${name}.png` });
  else await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The label's text sits on one line, and its middle is level with its checkbox's middle. */
async function expectWholeAndAligned(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name, exact: true });
  const geometry = await box.evaluate((input) => {
    const text = input.nextElementSibling!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const a = input.getBoundingClientRect();
    const b = text.getBoundingClientRect();
    return { lines, offset: Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)), right: b.right };
  });
  expect(geometry.lines, `${name}: on one line`).toBe(1);
  expect(geometry.offset, `${name}: level with its box`).toBeLessThanOrEqual(2);
  expect(geometry.right, `${name}: inside the screen`).toBeLessThanOrEqual(360);
}

test('promotion form, a saved edit and a newly published business read right on a phone', async ({ page, baseURL }) => {
  test.slow();
  const nombre = `Mercería Ronda ${Date.now().toString(36)}`;
  await signUpThroughUi(page);
  const id = await createComercio(page, baseURL!, { nombre, categorias: ['Mercería'] });

  // Published a moment ago: no visits yet, said in words.
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await ownerCard(page, nombre).getByRole('button', { name: PUBLISH }).click();
  const pay = paymentDialog(page, nombre);
  await fillCard(pay, 'APRO');
  await pay.getByRole('button', { name: 'Pagar' }).click();
  await expect(pay).toBeHidden();
  const card = ownerCard(page, nombre);
  await expect(card.getByTestId('estadisticas-vacias')).toHaveText(/^Todavía no hay visitas/);
  await expect(card.getByRole('img', { name: /Visitas por día/ })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 'mis comercios recién publicado');
  await shot(page, 'mis-comercios-sin-visitas', card);

  // The promotion form: every means of payment whole, beside its box.
  await card.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar comercio' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar promoción' }).click();
  await page.getByRole('textbox', { name: 'Título' }).fill('Botones 3x2');
  await page.getByRole('textbox', { name: 'Descripción' }).last().fill('Todos los botones de nácar.');
  await page.getByRole('textbox', { name: 'Descuento' }).fill('3x2');
  await page.getByLabel(/Vence el/).fill('2099-12-31');
  for (const medio of ['Efectivo', 'Débito', 'Crédito', 'Transferencia', 'Mercado Pago', 'MODO'])
    await expectWholeAndAligned(page, medio);
  for (const dia of ['Lunes', 'Miércoles', 'Sábado', 'Domingo']) await expectWholeAndAligned(page, dia);
  await page.getByRole('checkbox', { name: 'Transferencia' }).check();
  await expectNoHorizontalOverflow(page, 'editar con letra chica');
  const medios = page.getByRole('group', { name: 'Medios de pago' });
  await medios.scrollIntoViewIfNeeded();
  await shot(page, 'promocion-medios-de-pago');

  // Saved: Mis comercios says so at its top.
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Se agregará 1 promoción.');
  await alert.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/mis-comercios$/);
  await expect(page.getByTestId('cambios-guardados')).toHaveText(`Cambios guardados: ${nombre}`);
  await expect(page.getByTestId('cambios-guardados')).toBeInViewport();
  await expectNoHorizontalOverflow(page, 'mis comercios tras guardar');
  await shot(page, 'cambios-guardados');

  // Once only: coming back later shows the plain list.
  await page.goto(`/comercio/${id}`);
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(ownerCard(page, nombre)).toBeVisible();
  await expect(page.getByTestId('cambios-guardados')).toHaveCount(0);
});
