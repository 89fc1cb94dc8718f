import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { createComercio, fillCard, ownerCard, paymentDialog, PUBLISH, signUpThroughUi } from './support/owner';

/** 69 characters: a long name as real businesses have them. */
const NOMBRE = 'Panadería y Confitería Artesanal Los Hermanos Fernández de Godoy Cruz';
const SHOTS = process.env.E2E_SHOTS;

test('payment history and receipt at 360×740 with a long name, and a connection lost half-way', async ({
  page,
  context,
  baseURL,
}) => {
  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  await signUpThroughUi(page);
  await createComercio(page, baseURL!, { nombre: NOMBRE });
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  const card = ownerCard(page, NOMBRE);
  await card.getByRole('button', { name: PUBLISH }).click();
  const dialog = paymentDialog(page, NOMBRE);
  await fillCard(dialog, 'APRO');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toHaveText('Pago exitoso');

  // The connection goes before the history was ever opened.
  await context.setOffline(true);
  await card.getByText('Pagos y comprobantes').click();
  // Not "Cargando…" forever: the history says it waits for the connection.
  await expect(card.getByTestId('pagos-offline')).toHaveText(
    'Sin conexión: todavía no pudimos cargar los pagos. Los mostramos apenas vuelva la conexión.',
  );
  await shot('1-history-offline');
  await expectNoHorizontalOverflow(page, 'Mis comercios offline');

  // It comes back: the history loads by itself.
  await context.setOffline(false);
  const history = card.getByRole('list', { name: 'Pagos' });
  await expect(history.getByText('aprobado')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot('2-history');
  await expectNoHorizontalOverflow(page, 'Mis comercios with the history open');

  // Offline again, then the receipt is opened for the first time: its screen opens (its code was fetched with
  // Mis comercios) and says it waits for the connection, instead of "Algo salió mal".
  await context.setOffline(true);
  await history.getByRole('link', { name: 'Ver comprobante' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sin conexión: todavía no pudimos cargar el comprobante' }),
  ).toBeVisible();
  await expect(page.getByText('Lo mostramos apenas vuelva la conexión.')).toBeVisible();
  await shot('3-receipt-offline');
  await expectNoHorizontalOverflow(page, 'receipt offline');

  // Back online, the receipt appears without a reload.
  await context.setOffline(false);
  const receipt = page.getByRole('article', { name: 'Comprobante' });
  await expect(receipt).toBeVisible();
  await expect(receipt.locator('[data-field="Comercio"]')).toHaveText(NOMBRE);
  await shot('4-receipt');
  await expectNoHorizontalOverflow(page, 'receipt with a long name');
  await expectNoSeriousA11yViolations(page, 'receipt with a long name');
});
