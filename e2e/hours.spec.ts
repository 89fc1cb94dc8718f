/** Opening hours on a phone: the open/closed line agrees with the per-day hours and the summary, at any hour. */
import { expect, test, type Page } from '@playwright/test';
import { byName } from './support/sample';

/** The instant hh:mm Mendoza time (UTC-3) on day `day` of November 2026 (the 23rd is a Monday). */
const mendoza = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, day, h + 3, m));
};

async function openDetalleAt(page: Page, nombre: string, at: Date) {
  await page.clock.setFixedTime(at);
  await page.goto(`/comercio/${byName(nombre).id}`);
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
}

const statusLine = (page: Page) => page.getByText(/^(Abierto ahora|Cerrado) · /);

test('Café La Alameda on Sunday at 08:15 opens at 9:00, as its summary and its Domingo row say', async ({ page }) => {
  const cafe = byName('Café La Alameda');
  await openDetalleAt(page, cafe.nombre, mendoza(22, '8:15'));
  await expect(statusLine(page)).toHaveText('Cerrado · abre hoy 9:00');
  await expect(page.getByRole('main').getByText(cafe.horario).first()).toBeVisible();
  expect(cafe.horario).toContain('Dom 9:00 - 0:00');
  const domingo = page.getByRole('table', { name: 'Horarios por día' }).getByRole('row').last();
  await expect(domingo).toContainText('9:00 - 0:00');
  await expect(domingo).toContainText('Hoy');
});

test('a late-night shift keeps the pizzeria open past midnight, and it says when it closes', async ({ page }) => {
  // Friday 19:30 - 1:00: at 00:45 on Saturday it is still Friday's shift.
  await openDetalleAt(page, 'Pizzería La Tana', mendoza(28, '0:45'));
  await expect(statusLine(page)).toHaveText('Abierto ahora · cierra 1:00');
  await openDetalleAt(page, 'Pizzería La Tana', mendoza(28, '1:05'));
  await expect(statusLine(page)).toHaveText('Cerrado · abre hoy 19:30');
  // Monday is closed: on Sunday night after closing it opens on Tuesday.
  await openDetalleAt(page, 'Pizzería La Tana', mendoza(30, '1:00'));
  await expect(statusLine(page)).toHaveText('Cerrado · abre mañana 19:30');
});

test('open all day says so; a weekday business says when it opens after the weekend', async ({ page }) => {
  await openDetalleAt(page, 'Farmacia del Sur', mendoza(23, '3:00'));
  await expect(statusLine(page)).toHaveText('Abierto ahora · las 24 horas');
  const estudio = byName('Estudio Contable Ibáñez & Asoc.');
  await openDetalleAt(page, estudio.nombre, mendoza(28, '12:00'));
  await expect(statusLine(page)).toHaveText(/^Cerrado · abre el lunes 9:00$/);
});
