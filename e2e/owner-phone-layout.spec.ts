/**
 * Every view and dialog at 360×740 with worst-case content (long names, long unbroken words, two-shift hours,
 * three categories, long addresses): nothing is wider than the phone, and each dialog's main button can be tapped.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectTappableInViewport } from './support/layout';
import { createComercio, fillCard, ownerCard, paymentDialog, signUpThroughUi } from './support/owner';

const SUFFIX = Date.now().toString(36);
const LONG_WORD = 'Supercalifragilisticoespialidosamentemendocinisimoyextraordinario';
const CATEGORIAS = ['Mantenimiento en general', 'Consultorio médico', 'Estudio contable'];
const TWO_SHIFTS = '9:00 - 13:00, 17:00 - 21:30';
const WORST = {
  nombre: `Confitería ${LONG_WORD} ${SUFFIX}`,
  categorias: CATEGORIAS,
  descripcion: `Todo para tu casa. ${LONG_WORD}${LONG_WORD} y también https://www.confiteria-supercalifragilistica.com.ar/promociones/de/temporada/sin/espacios`,
  direccion: `Avenida Presidente Bernardino Rivadavia 12345, Barrio ${LONG_WORD}, Manzana F`,
  localidad: 'Godoy Cruz',
  telefono: '+54 (261) 4123-4567 4123-4568',
  email: `${LONG_WORD.toLowerCase().slice(0, 60)}@administracion-confiteria.com.ar`,
  horario: `Lunes a Viernes ${TWO_SHIFTS}`,
  horarioDetallado: {
    Lunes: TWO_SHIFTS,
    Martes: TWO_SHIFTS,
    Miércoles: TWO_SHIFTS,
    Jueves: TWO_SHIFTS,
    Viernes: TWO_SHIFTS,
    Sábado: '9:00 - 13:00',
  },
  servicios: ['Envíos a domicilio en todo el Gran Mendoza', LONG_WORD.slice(0, 55)],
};
const DRAFT = { ...WORST, nombre: `Sucursal ${LONG_WORD} ${SUFFIX}` };

async function view(page: Page, path: string, ready: (page: Page) => Promise<void>, label: string) {
  await page.goto(path);
  await ready(page);
  await expectNoHorizontalOverflow(page, label);
}

test('every view and dialog fits a 360 px phone with worst-case content', async ({ page, baseURL }) => {
  expect(page.viewportSize()).toEqual({ width: 360, height: 740 });

  await signUpThroughUi(page, {
    name: `Dueña ${LONG_WORD}`,
    check: async (signup) => {
      await expectNoHorizontalOverflow(page, 'signup dialog');
      await expectTappableInViewport(page, signup.getByRole('button', { name: 'Crear cuenta' }), 'Crear cuenta');
    },
  });
  const id = await createComercio(page, baseURL!, WORST);
  const draftId = await createComercio(page, baseURL!, DRAFT);

  // Mis comercios with two unpublished worst-case cards, then the payment dialog.
  await page.getByRole('button', { name: 'Mi Perfil' }).click();
  await expect(ownerCard(page, WORST.nombre)).toBeVisible();
  await expect(ownerCard(page, DRAFT.nombre)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'mis-comercios (unpublished)');
  // The two-shift hours and the three categories are shown whole (wrapped), not cut with an ellipsis.
  for (const text of [WORST.horario, CATEGORIAS.join(' · ')]) {
    const line = ownerCard(page, WORST.nombre).getByText(text, { exact: true });
    await expect(line).toBeVisible();
    expect(
      await line.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis'),
      text,
    ).toBe(true);
  }
  for (const name of ['Editar', 'Ver', 'Eliminar']) {
    const button = ownerCard(page, WORST.nombre).getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await expectTappableInViewport(page, button, name);
  }

  await ownerCard(page, WORST.nombre).getByRole('button', { name: 'Publicar por 30 dias - $450' }).click();
  const dialog = paymentDialog(page, WORST.nombre);
  await expect(dialog.getByLabel('Número de tarjeta')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'payment dialog');
  await expectTappableInViewport(page, dialog.getByRole('button', { name: 'Pagar' }), 'Pagar');
  await fillCard(dialog, 'APRO');
  await expectTappableInViewport(page, dialog.getByRole('button', { name: 'Pagar' }), 'Pagar (after typing)');
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerCard(page, WORST.nombre).getByText('Publicación Activa', { exact: false })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'mis-comercios (published)');

  // Promotions with long unbroken words, then every public view that shows them.
  const promos = await page.request.put(`/api/comercios/${id}/promociones`, {
    headers: { origin: baseURL! },
    data: {
      promociones: [
        {
          titulo: `2x1 ${LONG_WORD}`,
          descripcion: `${LONG_WORD}${LONG_WORD}`,
          descuento: '50% OFF segunda unidad todos',
          fechaVencimiento: '2099-12-31',
        },
        {
          titulo: 'Café gratis',
          descripcion: 'Con cualquier compra',
          descuento: '100%',
          fechaVencimiento: '2099-12-30',
        },
      ],
    },
  });
  expect(promos.status()).toBe(200);

  const cat = encodeURIComponent(CATEGORIAS[0]!);
  const nameOnCard = (p: Page) => expect(p.getByRole('heading', { level: 3, name: WORST.nombre })).toBeVisible();
  await view(
    page,
    '/',
    (p) => expect(p.getByRole('heading', { name: 'Descubrí comercios de tu zona' })).toBeVisible(),
    'home',
  );
  await view(page, `/?categoria=${cat}&localidad=Godoy+Cruz`, nameOnCard, 'home filtered');
  await expect(page.getByRole('region', { name: 'Promociones Destacadas' })).toContainText(LONG_WORD);
  await expectNoHorizontalOverflow(page, 'home filtered, featured strip loaded');
  await view(page, `/?q=${encodeURIComponent(WORST.nombre)}`, nameOnCard, 'home search');
  await view(
    page,
    `/promociones?categoria=${cat}`,
    (p) => expect(p.getByRole('main')).toContainText(LONG_WORD),
    'promociones',
  );
  await view(
    page,
    `/comercio/${id}`,
    (p) => expect(p.getByRole('heading', { level: 1, name: WORST.nombre })).toBeVisible(),
    'detalle',
  );
  await expect(page.getByRole('main')).toContainText(`${LONG_WORD}${LONG_WORD}`);
  await view(
    page,
    `/comercio/${draftId}`,
    (p) => expect(p.getByRole('heading', { level: 1, name: DRAFT.nombre })).toBeVisible(),
    'detalle (owner preview)',
  );
  await view(
    page,
    `/comercio/${id}/editar`,
    (p) => expect(p.getByRole('textbox', { name: /Nombre del comercio/ })).toHaveValue(WORST.nombre),
    'editar',
  );
  await view(
    page,
    '/registrar',
    (p) => expect(p.getByRole('heading', { name: 'Registrar mi comercio' })).toBeVisible(),
    'registrar',
  );
  await view(
    page,
    '/mis-comercios',
    (p) => expect(ownerCard(p, WORST.nombre)).toBeVisible(),
    'mis-comercios (reloaded)',
  );

  // The guest's login dialog on the home page.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/mis-comercios');
  const login = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await expect(login.getByLabel('Email')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'login dialog');
  await expectTappableInViewport(page, login.getByRole('button', { name: 'Iniciar Sesión' }), 'Iniciar Sesión');
});
