/** Locators and small actions shared by the public e2e specs (user-facing roles and names only). */
import { expect, type Locator, type Page } from '@playwright/test';

export const GRID_TITLE = 'Descubrí comercios de tu zona';
export const FEATURED_TITLE = 'Promociones Destacadas';
export const EMPTY_SEARCH = 'No se encontraron comercios que coincidan con tu búsqueda.';
export const PROMOS_END = 'Has visto todas las promociones disponibles.';
export const SEARCH_PLACEHOLDER = 'Buscar comercios, productos, servicios...';

export const grid = (page: Page): Locator => page.getByRole('region', { name: GRID_TITLE });
/** Business cards of the home grid. */
export const gridCards = (page: Page): Locator => grid(page).getByRole('article');
/** The names of the cards (one h3 link per card). */
export const gridNames = (page: Page): Locator => grid(page).getByRole('heading', { level: 3 });
export const featured = (page: Page): Locator => page.getByRole('region', { name: FEATURED_TITLE });
export const searchBox = (page: Page): Locator => page.getByPlaceholder(SEARCH_PLACEHOLDER);
export const main = (page: Page): Locator => page.getByRole('main');
/** Promotion cards on the promociones view (the only articles there). */
export const promoCards = (page: Page): Locator => main(page).getByRole('article');
/** The phone's bottom navigation (the desktop header's nav has the same name but no Publicar tab). */
export const bottomNav = (page: Page): Locator =>
  page
    .getByRole('navigation', { name: 'Navegación principal' })
    .filter({ has: page.getByRole('button', { name: 'Publicar' }) });

/** The sorted card names once the grid has settled on `expected` (the list refetches after every filter change). */
export async function expectGridNames(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(async () => (await gridNames(page).allTextContents()).map((s) => s.trim()).sort(), { timeout: 10_000 })
    .toEqual([...expected].sort());
}

/**
 * Opens a server-rendered page and waits until it is live: hydration asks for the session (and waits for the
 * first paint), so its answer means the page's own handlers run from now on.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const session = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/get-session');
  await page.goto(path);
  await session;
}

/**
 * Waits for the home grid to show its answer as painted: while a search refreshes it, the cards are dimmed on
 * purpose (aria-busy) and fade back, and axe reads colours as they are on screen.
 */
export async function gridSettled(page: Page): Promise<void> {
  const cards = grid(page).locator('ul[aria-busy]');
  await expect(cards).toHaveAttribute('aria-busy', 'false');
  await expect(cards).toHaveCSS('opacity', '1');
}

/**
 * Opens the home page and waits until real cards are shown and the page is hydrated (its scripts load after the
 * page's photo, ADR 021: a tap before that is a plain link or form, or nothing).
 */
export async function openHome(page: Page, path = '/'): Promise<void> {
  await gotoHydrated(page, path);
  await expect(gridCards(page).first()).toBeVisible();
}

export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
}

/** Whether the page behind a dialog is held from scrolling (a modal's overflow: hidden on <html> or <body>). */
export async function scrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [document.documentElement, document.body].some((element) => getComputedStyle(element).overflowY === 'hidden'),
  );
}

/** Opens the side menu (a hydrated page) and answers the dialog. */
export async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  return page.getByRole('dialog', { name: 'Menú', exact: true });
}
