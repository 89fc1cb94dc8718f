/** Owner actions shared by the owner specs: sign up through the modal, create a business through the API, pay in the sandbox. */
import { expect, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './app';

export const PASSWORD = 'secreto123';
export const PUBLISH = 'Publicar por 30 dias - $450';

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@ejemplo.com`;
}

/** Signs up from the menu (Iniciar Sesión → Registrate); `check` runs while the signup dialog is filled in. */
export async function signUpThroughUi(
  page: Page,
  {
    email = uniqueEmail('dueno'),
    name = 'Dueño de prueba',
    check,
  }: { email?: string; name?: string; check?: (dialog: Locator) => Promise<void> } = {},
): Promise<string> {
  // The menu opens once the server-rendered page has hydrated: a tap before that does nothing.
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menú', exact: true }).getByRole('button', { name: 'Iniciar Sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Iniciá sesión para continuar' });
  await expect(login.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await login.getByRole('button', { name: 'Registrate' }).click();
  const signup = page.getByRole('dialog', { name: 'Creá tu cuenta' });
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Nombre del comercio *').fill(name);
  await signup.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirmar contraseña').fill(PASSWORD);
  if (check) await check(signup);
  await signup.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(signup).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mi Perfil' })).toBeVisible();
  return email;
}

export interface NewComercio {
  nombre: string;
  categorias?: string[];
  telefono?: string;
  direccion?: string;
  localidad?: string;
  descripcion?: string;
  horario?: string;
  horarioDetallado?: Record<string, string>;
  servicios?: string[];
  email?: string;
  /** The map pin. */
  lat?: number;
  lng?: number;
}

/** Creates a business of the signed-in owner through the API; returns its id. */
export async function createComercio(page: Page, baseURL: string, input: NewComercio): Promise<number> {
  const response = await page.request.post('/api/comercios', {
    data: {
      categorias: ['Heladería'],
      telefono: '261 412-3456',
      direccion: 'San Martín 1234',
      localidad: 'Capital',
      descripcion: 'Helados artesanales',
      ...input,
    },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export function ownerCard(page: Page, nombre: string): Locator {
  return page.getByRole('article', { name: nombre });
}

export function paymentDialog(page: Page, nombre: string): Locator {
  return page.getByRole('dialog', { name: `Publicar ${nombre}` });
}

/** Fills the sandbox card form of an open payment dialog (the email comes pre-filled from the account). */
export async function fillCard(dialog: Locator, holder: string): Promise<void> {
  await dialog.getByLabel('Número de tarjeta').fill('4509 9535 6623 3704');
  await dialog.getByLabel('Nombre del titular').fill(holder);
  await dialog.getByLabel('Vencimiento (MM/AA)').fill('11/30');
  await dialog.getByLabel('Código de seguridad').fill('123');
  await dialog.getByLabel('DNI del titular').fill('12345678');
}

/** A new owner signed up through the UI, a business registered through the API, and its edit form open. */
export async function editNewComercio(page: Page, baseURL: string, input: NewComercio): Promise<number> {
  await signUpThroughUi(page);
  const id = await createComercio(page, baseURL, input);
  await page.goto(`/comercio/${id}/editar`);
  await expect(page.getByRole('heading', { name: 'Editar comercio' })).toBeVisible();
  return id;
}
