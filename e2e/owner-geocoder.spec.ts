/**
 * An owner finds their address with the geocoder ("Buscar la dirección en el mapa"), picks a place, the pin
 * moves there, and after saving the business's map and directions point at it. The owner server's geocoder is
 * a local Nominatim double (e2e/support/with-geocoder.ts), never the internet.
 */
import { expect, test } from '@playwright/test';
import type { ComercioEditable } from '#shared/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { PERU_1050 } from './support/geocoder-places';
import { expectNoHorizontalOverflow } from './support/layout';
import { editNewComercio } from './support/owner';
import { serveLocalTiles } from './support/tiles';

/** Capital's centre, where the business starts. */
const START = { lat: -32.8894, lng: -68.8458 };
const [, GODOY_CRUZ] = PERU_1050;

test('an owner searches the address, picks a place, the pin moves there and the business follows', async ({
  page,
  baseURL,
}) => {
  await serveLocalTiles(page);

  const id = await editNewComercio(page, baseURL!, { nombre: 'Librería Encontrada', ...START });
  await expect(page.getByText('Ubicación marcada (-32.889, -68.846).')).toBeVisible();

  await page.getByRole('textbox', { name: /Dirección/ }).fill('Perú 1050');
  await page.getByRole('button', { name: 'Buscar la dirección en el mapa' }).click();
  const found = page.getByRole('list', { name: 'Direcciones encontradas' });
  await expect(found.getByRole('button')).toHaveText(PERU_1050.map((p) => `Usar: ${p.nombre}`));
  await expectNoSeriousA11yViolations(page, 'direcciones encontradas');
  await expectNoHorizontalOverflow(page, 'direcciones encontradas');

  await found.getByRole('button', { name: `Usar: ${GODOY_CRUZ!.nombre}` }).click();
  await expect(found).toBeHidden();
  await expect(page.getByText('Ubicación marcada (-32.927, -68.848).')).toBeVisible();

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { name: 'Editar comercio' })).toBeHidden();
  const saved = (await (await page.request.get(`/api/comercios/${id}/editar`)).json()) as ComercioEditable;
  expect([saved.lat, saved.lng]).toEqual([GODOY_CRUZ!.lat, GODOY_CRUZ!.lng]);
  expect(saved.direccion).toBe('Perú 1050');

  await page.goto(`/comercio/${id}`);
  await expect(page.getByRole('region', { name: 'Mapa con la ubicación de Librería Encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cómo llegar/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${GODOY_CRUZ!.lat},${GODOY_CRUZ!.lng}`,
  );
});
