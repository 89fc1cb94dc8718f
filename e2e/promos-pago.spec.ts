/**
 * Issue 30 on a 360×740 phone: Promociones filtered by "Medio de pago" (MODO) shows only the sample's MODO
 * promotions, the URL carries the filter (reload, back and a server-rendered visit keep it), "Día" narrows it
 * further, "Banco o tarjeta" narrows it to a bank, a combination nothing matches says so, and the view stays
 * accessible and as wide as the phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { foldAccents } from '#shared/text';
import { gotoHydrated, promoCards } from './support/app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { visiblePromos } from './support/sample';

test.use({ viewport: { width: 360, height: 740 } });

const EMPTY = 'No hay promociones con esos filtros. Probá con otro medio de pago u otro día.';

const modo = visiblePromos().filter((p) => p.mediosPago?.includes('modo'));
const notModo = visiblePromos().filter((p) => !p.mediosPago?.includes('modo'));

const cardTitles = (page: Page) => promoCards(page).getByRole('heading', { level: 2 });

test('Promociones filtered by MODO shows only MODO promotions, in the URL', async ({ page }) => {
  expect(modo.length, 'the sample has MODO promotions').toBeGreaterThan(1);

  // Server-rendered: the filtered page arrives filtered.
  const html = await (await page.request.get('/promociones?pago=modo')).text();
  for (const p of modo) expect(html, p.titulo).toContain(p.titulo);
  for (const p of notModo) expect(html, p.titulo).not.toContain(`>${p.titulo}<`);

  await gotoHydrated(page, '/promociones');
  await expect(promoCards(page).first()).toBeVisible();
  // Every option reads whole in its select on a 360 px phone ("Todos los medios de pago" was cut short).
  for (const name of ['Medio de pago', 'Día']) {
    const cut = await page.getByRole('combobox', { name }).evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [...select.options].map((o) => o.text).filter((text) => context.measureText(text).width > room);
    });
    expect(cut, name).toEqual([]);
  }
  await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption('modo');
  await expect(page).toHaveURL(/\/promociones\?pago=modo$/);
  // The list's order is soonest expiry first; which ones, compared as sets.
  await expect
    .poll(async () => (await cardTitles(page).allInnerTexts()).sort())
    .toEqual(modo.map((p) => p.titulo).sort());
  for (const card of await promoCards(page).all()) await expect(card).toContainText('MODO');
  await expectNoSeriousA11yViolations(page, 'promociones con MODO');
  await expectNoHorizontalOverflow(page, 'promociones con MODO');

  // A weekday narrows it: on Mondays only the every-day MODO promotions (and Monday's) are left.
  await page.getByRole('combobox', { name: 'Día' }).selectOption('lunes');
  await expect(page).toHaveURL(/\/promociones\?pago=modo&dia=lunes$/);
  const lunes = modo.filter((p) => !p.dias?.length || p.dias.includes('Lunes'));
  await expect(cardTitles(page)).toHaveCount(lunes.length);

  // Reload and back keep the filters.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Medio de pago' })).toHaveValue('modo');
  await expect(page.getByRole('combobox', { name: 'Día' })).toHaveValue('lunes');
  await expect(cardTitles(page)).toHaveCount(lunes.length);
  await promoCards(page)
    .first()
    .getByRole('link', { name: /Ver comercio/ })
    .click();
  await expect(page).toHaveURL(/\/comercio\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/promociones\?pago=modo&dia=lunes$/);
  await expect(cardTitles(page)).toHaveCount(lunes.length);

  // Nothing in the sample takes transfers: the empty state says so.
  await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption('transferencia');
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'promociones sin resultados');
  await expectNoHorizontalOverflow(page, 'promociones sin resultados');
});

const BANCO_EMPTY = 'No hay promociones con esos filtros. Probá con otro banco o tarjeta, medio de pago o día.';
const nacion = visiblePromos().filter((p) => foldAccents(p.medioPagoOtro ?? '').includes('nacion'));

test('Promociones filtered by a bank shows only the promotions that name it, combined with MODO, in the URL', async ({
  page,
}) => {
  expect(nacion.length, 'the sample names Banco Nación').toBeGreaterThan(0);
  const nacionModo = nacion.filter((p) => p.mediosPago?.includes('modo'));
  expect(nacionModo.length, 'the sample has Banco Nación with MODO').toBeGreaterThan(0);

  // Server-rendered: accents and case are the visitor's.
  const html = await (await page.request.get('/promociones?banco=NACION')).text();
  for (const p of nacion) expect(html, p.titulo).toContain(p.titulo);
  const nacionTitles = new Set(nacion.map((p) => p.titulo));
  for (const p of visiblePromos().filter((p) => !nacionTitles.has(p.titulo)))
    expect(html, p.titulo).not.toContain(`>${p.titulo}<`);

  await gotoHydrated(page, '/promociones?pago=modo');
  await expect(cardTitles(page)).toHaveCount(modo.length);
  const banco = page.getByRole('searchbox', { name: 'Banco o tarjeta' });
  await banco.fill('Nación');
  await banco.press('Enter');
  await expect(page).toHaveURL(/\/promociones\?pago=modo&banco=Naci%C3%B3n$/);
  await expect
    .poll(async () => (await cardTitles(page).allInnerTexts()).sort())
    .toEqual(nacionModo.map((p) => p.titulo).sort());
  for (const card of await promoCards(page).all()) {
    await expect(card).toContainText('MODO');
    await expect(card).toContainText('Banco Nación');
  }
  await expectNoSeriousA11yViolations(page, 'promociones de Banco Nación con MODO');
  await expectNoHorizontalOverflow(page, 'promociones de Banco Nación con MODO');

  // Reload keeps the text; another bank that takes no MODO leaves nothing, and says so.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Banco o tarjeta' })).toHaveValue('Nación');
  await expect(cardTitles(page)).toHaveCount(nacionModo.length);
  await page.getByRole('searchbox', { name: 'Banco o tarjeta' }).fill('galicia');
  await page.getByRole('button', { name: 'Filtrar por banco o tarjeta' }).click();
  await expect(page).toHaveURL(/\/promociones\?pago=modo&banco=galicia$/);
  await expect(page.getByText(BANCO_EMPTY)).toBeVisible();

  // Emptied, the filter is gone: MODO alone again.
  await page.getByRole('searchbox', { name: 'Banco o tarjeta' }).fill('');
  await page.getByRole('searchbox', { name: 'Banco o tarjeta' }).press('Enter');
  await expect(page).toHaveURL(/\/promociones\?pago=modo$/);
  await expect(cardTitles(page)).toHaveCount(modo.length);
});
