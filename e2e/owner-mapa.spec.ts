/** An owner moves their business's map pin in the edit form; the business moves on its map. */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { ComercioEditable } from '#shared/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createComercio, signUpThroughUi } from './support/owner';

const START = { lat: -32.8894, lng: -68.8458 };

test('an owner taps the map to move the pin, saves, and the detail map and directions follow', async ({
  page,
  baseURL,
}) => {
  // Tiles come from this test (MAP_TILE_URL points at /__tiles/), never from the internet.
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e8e4d8' } })
    .png()
    .toBuffer();
  await page.route('**/__tiles/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));

  await signUpThroughUi(page);
  const id = await createComercio(page, baseURL!, { nombre: 'Heladería del Mapa', ...START });
  await page.goto(`/comercio/${id}/editar`);
  await expect(page.getByRole('heading', { name: 'Editar comercio' })).toBeVisible();
  await expect(page.getByText('Ubicación marcada (-32.889, -68.846).')).toBeVisible();

  // The map starts on the pin: a tap below it moves the pin south.
  const map = page.getByRole('region', { name: 'Mapa para marcar la ubicación' });
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 2 + 80 } });
  await expect(page.getByText('Ubicación marcada (-32.889, -68.846).')).toBeHidden();
  await expect(page.getByText(/^Ubicación marcada/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'editar con mapa');

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { name: 'Editar comercio' })).toBeHidden();
  const saved = (await (await page.request.get(`/api/comercios/${id}/editar`)).json()) as ComercioEditable;
  expect(saved.lat).toBeLessThan(START.lat);
  expect(saved.lng).toBeCloseTo(START.lng, 3);

  // The owner's preview of the detail: the map and "Cómo llegar" point at the moved pin.
  await page.goto(`/comercio/${id}`);
  await expect(page.getByRole('region', { name: 'Mapa con la ubicación de Heladería del Mapa' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cómo llegar/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${saved.lat},${saved.lng}`,
  );
});
