/**
 * Server-rendered public pages (ADR 021): readable and navigable without JavaScript, hydrated without a console
 * error, a hydration warning or a second fetch of the data they came with, and a single-page app afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { comercioPath } from '#shared/seo/slug';
import { COMPILE_HINT } from '../scripts/compile-hint';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bottomNav, featured, gotoHydrated, gridCards, gridNames, main, promoCards, searchBox } from './support/app';
import { byName, expectedWhatsapp, PUBLISHED } from './support/sample';
import { serveLocalTiles } from './support/tiles';

const ESPIGA = byName('Panadería La Espiga de Oro');
const ESPIGA_PATH = comercioPath(ESPIGA.id, ESPIGA.nombre);

/** Everything the browser says in the console, and every data request it makes. */
function watch(page: Page) {
  const messages: string[] = [];
  const dataRequests: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
  // A blocked eval (zod's JIT probe, for one) is swallowed by the script but reported by the CSP: count it too.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP: ${e.violatedDirective} blocked ${e.blockedURI}`),
    );
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/imagenes/'))
      dataRequests.push(url.pathname + url.search);
  });
  return { messages, dataRequests };
}

/**
 * Opens a page and waits until it has hydrated and gone quiet. Hydration asks for the session (and waits for the
 * first paint), which on a loaded machine can come after a moment of network silence: "networkidle" alone could
 * settle before it, and miss a data request made at hydration.
 */
async function gotoHydratedQuiet(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.waitForLoadState('networkidle');
}

test.beforeEach(async ({ page }) => {
  await serveLocalTiles(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the home list, a business page and the promotions, and follows links', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    expect(await home!.text()).toContain(ESPIGA.nombre);
    await expect(gridCards(page)).toHaveCount(12);
    await expect(featured(page).getByRole('article').first()).toBeVisible();
    // "Cargar más" is a link to the grid with one more page.
    await main(page).getByRole('link', { name: 'Cargar más' }).click();
    await expect(page).toHaveURL('/?page=2');
    await expect(gridCards(page)).toHaveCount(Math.min(PUBLISHED.length, 24));

    await main(page).getByRole('link', { name: ESPIGA.nombre }).first().click();
    await expect(page).toHaveURL(ESPIGA_PATH);
    await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
    await expect(main(page).getByText(ESPIGA.descripcion.slice(0, 40))).toBeVisible();
    await expect(
      main(page)
        .getByRole('link', { name: /WhatsApp/ })
        .first(),
    ).toHaveAttribute('href', expectedWhatsapp(ESPIGA.whatsapp));
    await expect(main(page).locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Horarios por día' })).toBeAttached();

    await page.goto('/promociones');
    await expect(promoCards(page).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Promociones' })).toBeVisible();
  });

  test('the search box and the "Hoy" toggles ask the server, keeping the other filters', async ({ page }) => {
    await page.goto(`/?categoria=${encodeURIComponent(ESPIGA.categorias[0]!)}`);
    await page.getByRole('searchbox', { name: 'Buscar comercios' }).fill('espiga');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/?categoria=${encodeURIComponent(ESPIGA.categorias[0]!)}&q=espiga`);
    await expect(gridCards(page).first()).toContainText(ESPIGA.nombre);

    await page.goto('/');
    await featured(page).getByRole('button', { name: 'Hoy', pressed: false }).click();
    await expect(page).toHaveURL('/?hoy=1');
    await expect(featured(page).getByRole('button', { name: 'Hoy', pressed: true })).toBeVisible();
    await featured(page).getByRole('button', { name: 'Hoy', pressed: true }).click();
    // A form with no fields submits to "/?": the same page.
    await expect(page).toHaveURL(/:\d+\/\??$/);
    await expect(featured(page).getByRole('button', { name: 'Hoy', pressed: false })).toBeVisible();

    await page.goto('/promociones?localidad=Capital');
    await main(page).getByRole('button', { name: 'Hoy', pressed: false }).click();
    await expect(page).toHaveURL('/promociones?localidad=Capital&hoy=1');
    // Location needs the page's script: without it the button says so by being disabled.
    await expect(main(page).getByRole('button', { name: 'Cerca mío' })).toBeDisabled();
  });
});

for (const path of ['/', '/?hoy=1', '/promociones', ESPIGA_PATH]) {
  test(`${path} hydrates without console errors, hydration warnings or a second fetch of its data`, async ({
    page,
  }) => {
    const seen = watch(page);
    await gotoHydratedQuiet(page, path);
    expect(seen.messages, seen.messages.join('\n')).toEqual([]);
    // Only the session is asked for: the page's own data came with it.
    expect(seen.dataRequests).toEqual(['/api/auth/get-session']);
    await expectNoSeriousA11yViolations(page, path);
  });
}

test('a page names the chunk of the lazy view it hydrates, so the browser fetches it beside the entry', async ({
  request,
}) => {
  for (const [path, chunk] of [
    ['/', 'ListaView'],
    ['/?categoria=Panader%C3%ADa', 'ListaView'],
    ['/promociones', 'PromocionesView'],
    [ESPIGA_PATH, 'DetalleView'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(new RegExp(`<meta name="vidriera-module" content="/assets/${chunk}-[\\w-]+\\.js">`));
  }
});

test("the entry script opens with V8's compile hint (its functions compiled while it streams in), a view's chunk does not", async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const entry = html.match(/<meta name="vidriera-entry" content="([^"]+)">/)![1]!;
  const view = html.match(/<meta name="vidriera-module" content="(\/assets\/ListaView-[\w-]+\.js)">/)![1]!;
  for (const encoding of ['br', 'gzip', 'identity']) {
    const script = await request.get(entry, { headers: { 'accept-encoding': encoding } });
    expect((await script.text()).split('\n')[0], encoding).toBe(COMPILE_HINT);
  }
  expect(await (await request.get(view)).text()).not.toContain(COMPILE_HINT);
});

test('the scripts start downloading only after the page has shown its main photo', async ({ page }) => {
  for (const path of ['/', ESPIGA_PATH]) {
    await gotoHydrated(page, path);
    const timing = await page.evaluate(async () => {
      const img = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const image = entries.find((e) => e.name === img.currentSrc)!;
      const scripts = entries.filter((e) => e.initiatorType !== 'img' && /\/assets\/.+\.js$/.test(e.name));
      // When the photo reached the screen (Element Timing, buffered for late observers); 0 if never reported.
      const shown = await new Promise<number>((resolve) => {
        setTimeout(() => resolve(0), 5000);
        new PerformanceObserver((list) =>
          resolve((list.getEntries()[0] as PerformanceEntry & { renderTime: number }).renderTime),
        ).observe({ type: 'element', buffered: true });
      });
      return {
        marked: img.getAttribute('elementtiming'),
        imageEnd: image.responseEnd,
        shown,
        firstScript: Math.min(...scripts.map((e) => e.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.marked, path).toBe('foto');
    expect(timing.scripts, path).toBeGreaterThan(1);
    expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.imageEnd);
    expect(timing.shown, path).toBeGreaterThan(0);
    expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.shown);
  }
});

test('icons are drawn from one cached sprite that holds every icon a page names', async ({ request }) => {
  const sprites = new Map<string, string>();
  for (const path of ['/', '/promociones', ESPIGA_PATH]) {
    const html = await (await request.get(path)).text();
    const uses = [...html.matchAll(/<use href="(\/assets\/icons-\w+\.svg)#([\w-]+)"/g)];
    expect(uses.length, path).toBeGreaterThan(3);
    // No icon of the page is drawn inline: every <svg class="lucide …"> holds a <use>.
    expect(html.match(/<svg[^>]*class="lucide /g)?.length, path).toBe(uses.length);
    for (const [, sprite, id] of uses) {
      if (!sprites.has(sprite!)) {
        const answer = await request.get(sprite!);
        expect(answer.status()).toBe(200);
        expect(answer.headers()['content-type']).toBe('image/svg+xml');
        expect(answer.headers()['cache-control']).toContain('immutable');
        sprites.set(sprite!, await answer.text());
      }
      expect(sprites.get(sprite!), `${path}: ${id}`).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
    }
  }
  expect(sprites.size).toBe(1);
});

test('a page the server rendered minutes earlier (from its cache) is not fetched again after hydration', async ({
  page,
}) => {
  // The browser's clock five minutes past the render time: the page's answers must still count as fresh.
  await page.clock.setFixedTime(Date.now() + 5 * 60_000);
  const seen = watch(page);
  await gotoHydratedQuiet(page, ESPIGA_PATH);
  await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
  expect(seen.dataRequests).toEqual(['/api/auth/get-session']);
});

/** Holds the app's scripts back until the returned function runs: the visitor uses the server's page first. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

test('a locality picked before the JavaScript arrives is kept once the page hydrates', async ({ page }) => {
  // As on a slow phone connection: the server-rendered select is used first.
  const release = await holdScripts(page);
  await page.goto('/promociones', { waitUntil: 'commit' });
  await main(page).getByLabel('Localidad').selectOption({ label: 'Guaymallén' });
  release();
  await expect(page).toHaveURL(/\/promociones\?localidad=Guaymallen$/);
});

test('words typed in the search box before the JavaScript arrives are searched once the page hydrates', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await searchBox(page).fill('espiga');
  release();
  await expect(page).toHaveURL(/\/\?q=espiga$/);
  await expect(searchBox(page)).toHaveValue('espiga');
  await expect(gridNames(page).first()).toHaveText('Panadería La Espiga de Oro');
});

test('after hydration, navigation is client-side as before', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/');
  await expect(gridCards(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

  await main(page).getByRole('link', { name: ESPIGA.nombre }).first().click();
  await expect(page).toHaveURL(ESPIGA_PATH);
  await expect(page.getByRole('heading', { level: 1, name: ESPIGA.nombre })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(gridCards(page).first()).toBeVisible();
  await bottomNav(page).getByRole('link', { name: 'Promociones' }).click();
  await expect(page).toHaveURL('/promociones');
  await expect(promoCards(page).first()).toBeVisible();
  // The same document all along: no page load happened.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(seen.messages, seen.messages.join('\n')).toEqual([]);
});

test('an id-only business URL redirects to its canonical address; unknown ones are 404 pages not indexed', async ({
  page,
}) => {
  const response = await page.goto(`/comercio/${ESPIGA.id}?utm_source=whatsapp`);
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toContain(`/comercio/${ESPIGA.id}?utm_source=whatsapp`);
  await expect(page).toHaveURL(`${ESPIGA_PATH}?utm_source=whatsapp`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${ESPIGA_PATH}$`));

  const missing = await page.goto('/comercio/99999');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'No encontramos este comercio' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver promociones' }).click();
  await expect(page).toHaveURL('/promociones');
  await expect(promoCards(page).first()).toBeVisible();
});

test.describe('on a 412 px phone at 1.75× (Lighthouse’s mobile profile)', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test('the main photo comes in the 800 px variant, not the 1280 px one', async ({ page }) => {
    const images: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/imagenes/')) images.push(url.pathname);
    });
    await gotoHydrated(page, ESPIGA_PATH);
    const photo = main(page).getByRole('img', { name: `${ESPIGA.nombre}, foto 1 de 3` });
    await expect(photo).toHaveJSProperty('complete', true);
    // The box is 380 CSS px (665 device px): 480 is too small, 800 the first that covers it.
    const src = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(src).toMatch(/^\/api\/imagenes\/[a-f0-9]{32}\/medium\.webp$/);
    const file = await page.request.get(src);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(await file.body()).metadata()).width).toBe(800);
    expect(images.filter((p) => p.endsWith('/large.webp'))).toEqual([]);
  });
});
