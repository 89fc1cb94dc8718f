/**
 * An owner on a phone sets per-day hours with time inputs: the summary is derived when left empty, the
 * page says "Abierto ahora · cierra …" / "Cerrado · abre …" by those hours, and with no per-day hours it
 * makes no open/closed claim at all.
 */
import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'secreta123';

/** The instant hh:mm Mendoza time (UTC-3) on day `day` of November 2026 (the 23rd is a Monday). */
const mendoza = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, day, h + 3, m));
};

async function signUp(page: Page, baseURL: string | undefined, name: string) {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `hours-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
      password: PASSWORD,
      name,
    },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.ok()).toBeTruthy();
}

async function fillRequired(page: Page, nombre: string) {
  await page.goto('/registrar');
  await page.getByRole('textbox', { name: /Nombre del comercio/ }).fill(nombre);
  await page.getByRole('searchbox', { name: 'Buscar categoría' }).fill('panaderia');
  await page.getByRole('button', { name: 'Panadería', exact: true }).click();
  await page.getByRole('textbox', { name: /Dirección/ }).fill('Colón 456');
  await page.getByRole('combobox', { name: /Localidad/ }).selectOption('Capital');
  await page.getByRole('textbox', { name: /Teléfono/ }).fill('261 555-0101');
}

async function register(page: Page) {
  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Registramos tu comercio');
  await dialog.getByRole('button').filter({ hasNotText: 'Cancelar' }).click();
}

const card = (page: Page, nombre: string) => page.getByRole('article', { name: nombre });
const statusLine = (page: Page) => page.getByText(/^(Abierto ahora|Cerrado) · /);

async function openOwnDetalle(page: Page, nombre: string, at: Date) {
  await page.clock.setFixedTime(at);
  await page.goto('/mis-comercios');
  await card(page, nombre).getByRole('button', { name: /^Ver / }).click();
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
}

test('per-day shifts with time inputs: derived summary, open now until 13:00, closed until Monday', async ({
  page,
  baseURL,
}) => {
  const nombre = `Horario Turnos ${Date.now().toString(36)}`;
  await signUp(page, baseURL, nombre);
  await fillRequired(page, nombre);

  // Monday: two shifts. A shift with one time missing is named on save.
  await page.getByRole('combobox', { name: 'Lunes' }).selectOption('Abierto');
  await page.getByLabel('Lunes, turno 1, abre').fill('09:00');
  await page.getByRole('button', { name: 'Registrar comercio' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Elegí la hora de apertura y de cierre de cada turno del Lunes.');
  await alert.getByRole('button').click();
  await page.getByLabel('Lunes, turno 1, cierra').fill('13:00');
  await page.getByRole('button', { name: 'Agregar turno al Lunes' }).click();
  await page.getByLabel('Lunes, turno 2, abre').fill('17:00');
  await page.getByLabel('Lunes, turno 2, cierra').fill('21:00');
  // Opening the next days starts from Monday's shifts.
  for (const dia of ['Martes', 'Miércoles', 'Jueves', 'Viernes']) {
    await page.getByRole('combobox', { name: dia }).selectOption('Abierto');
    await expect(page.getByLabel(`${dia}, turno 2, cierra`)).toHaveValue('21:00');
  }
  await page.getByRole('combobox', { name: 'Sábado' }).selectOption('Abierto');
  await page.getByRole('button', { name: 'Quitar turno 2 del Sábado' }).click();
  await expect(page.getByLabel('Sábado, turno 2, abre')).toHaveCount(0);
  await register(page);

  const summary = 'Lun a Vie 9:00 - 13:00 y 17:00 - 21:00, Sáb 9:00 - 13:00';
  await page.goto('/mis-comercios');
  await expect(card(page, nombre)).toContainText(summary);

  await openOwnDetalle(page, nombre, mendoza(23, '10:00'));
  await expect(statusLine(page)).toHaveText('Abierto ahora · cierra 13:00');
  await expect(page.getByRole('table', { name: 'Horarios por día' }).getByRole('row').first()).toContainText(
    '9:00 - 13:00',
  );
  await openOwnDetalle(page, nombre, mendoza(28, '14:00'));
  await expect(statusLine(page)).toHaveText('Cerrado · abre el lunes 9:00');
  await openOwnDetalle(page, nombre, mendoza(27, '21:30'));
  await expect(statusLine(page)).toHaveText('Cerrado · abre mañana 9:00');
});

test('only a summary, no per-day hours: the page shows the summary and claims neither open nor closed', async ({
  page,
  baseURL,
}) => {
  const nombre = `Horario Texto ${Date.now().toString(36)}`;
  await signUp(page, baseURL, nombre);
  await fillRequired(page, nombre);
  await page.getByRole('textbox', { name: 'Horario de atención' }).fill('Todos los días 7 a 23');
  await register(page);

  await page.goto('/mis-comercios');
  await expect(card(page, nombre)).toContainText('Todos los días 7 a 23');
  await openOwnDetalle(page, nombre, mendoza(23, '10:00'));
  await expect(page.getByRole('main').getByText('Todos los días 7 a 23').first()).toBeVisible();
  await expect(statusLine(page)).toHaveCount(0);
  await expect(page.getByText(/Cerrado ahora|Abierto ahora/)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Horarios por día' })).toHaveCount(0);
});
