/** An owner moves their business's map pin in the edit form; the business moves on its map. */
import { expect, test } from '@playwright/test';
import type { ComercioEditable } from '#shared/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { editNewComercio } from './support/owner';
import { serveLocalTiles } from './support/tiles';

const START = { lat: -32.8894, lng: -68.8458 };

test('an owner taps the map to move the pin, saves, and the detail map and directions follow', async ({
  page,
  baseURL,
}) => {
  await serveLocalTiles(page);

  const id = await editNewComercio(page, baseURL!, { nombre: 'Heladería del Mapa', ...START });
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
