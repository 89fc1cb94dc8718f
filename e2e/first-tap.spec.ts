/**
 * No tap is lost while a page settles: "Menú" tapped at any moment after the page arrives opens the menu. It is a
 * native dialog in the page's markup that the button opens by itself (an invoker command, ADR 059), so the menu
 * answers before the app's scripts have arrived; once they run, the app takes the open menu over. Each tap is
 * made once, with a finger on the screen where the button is drawn (no waiting for the page to be ready, as
 * `tap()` would), in a fresh browser context.
 */
import { expect, test, type Page } from '@playwright/test';

test.use({ hasTouch: true });

const MENU_BUTTON = 'button[commandfor="menu"][command="show-modal"]';

/** `count` distinct moments in [0, span) ms, the same for the same seed (Park and Miller's generator). */
function scatteredMoments(seed: number, count: number, span: number): number[] {
  const moments = new Set<number>();
  let state = seed;
  while (moments.size < count) {
    state = (state * 48_271) % 2_147_483_647;
    moments.add(Math.floor((state / 2_147_483_647) * span));
  }
  return [...moments];
}

/** Holds back the answers to requests matching `url` (a slow connection) until the returned function is called. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function tapMenu(page: Page): Promise<void> {
  const box = (await page.locator(MENU_BUTTON).boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

for (const path of ['/', '/comercio/1']) {
  test(`Menú tapped on ${path} before the app's script has arrived opens the menu at once; the app takes it over`, async ({
    page,
  }) => {
    // A slow connection: the app's entry script arrives only when the test lets it.
    const entryRequested = page.waitForRequest(/\/assets\/index-[\w-]+\.js$/);
    const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('dialog', { name: 'Menú', exact: true });
    await tapMenu(page);
    await entryRequested; // the tap itself starts the scripts when the photo has not yet
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Promociones' })).toBeVisible();
    release();
    // The app has run: the open menu is its own (the button says so), and it closes as the app's menu does.
    await expect(page.locator(MENU_BUTTON)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.locator(MENU_BUTTON)).toHaveAttribute('aria-expanded', 'false');
  });

  // Ten taps on each page at scattered moments within 2.5 s of DOMContentLoaded (a fixed seed, so a failure names
  // its moment and can be run again), each in a fresh context: twenty in all, none may be lost. The early ones land
  // before the app runs (the browser opens the menu), the later ones during or after hydration.
  for (const moment of scatteredMoments(path === '/' ? 31 : 59, 10, 2500)) {
    test(`Menú tapped ${moment} ms after ${path} arrives opens the menu`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      if (moment > 0) await page.waitForTimeout(moment);
      await tapMenu(page);
      await expect(page.getByRole('dialog', { name: 'Menú', exact: true })).toBeVisible();
    });
  }
}

// Two buttons tapped before the app runs each answer, once (ADR 066): the boot script kept only the last one, so
// a person who saved two promotions in a row while the page settled found the first one not saved.
test('two favourites tapped on / before the app has arrived are both saved, once each', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  await page.addInitScript(() => {
    const w = window as unknown as { changes: string[] };
    w.changes = [];
    new MutationObserver((records) => {
      for (const r of records)
        if (r.target instanceof Element && r.target.matches('main button.favorito-btn')) {
          const index = [...document.querySelectorAll('main button.favorito-btn')].indexOf(r.target);
          w.changes.push(`${index}=${r.target.getAttribute('aria-pressed')}`);
        }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const hearts = page.locator('main button.favorito-btn');
  for (const n of [0, 1, 0]) {
    const heart = hearts.nth(n);
    await heart.scrollIntoViewIfNeeded();
    const box = (await heart.boundingBox())!;
    // The first heart is tapped twice, as a person does when nothing happened: it must end saved, not unsaved.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }
  release();
  for (const n of [0, 1]) await expect(hearts.nth(n)).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const changes = await page.evaluate(() => (window as unknown as { changes: string[] }).changes);
  // Each pressed once: the first heart's second tap was not given back as a second toggle.
  expect(changes.filter((c) => /^[01]=/.test(c)).sort()).toEqual(['0=true', '1=true']);
});

/**
 * A page's own controls (home's category chips; a business page's gallery and a promotion's favourite button) live
 * in its view, a chunk of its own (React.lazy in App.tsx) that the page preloads beside the entry. When that chunk
 * arrives after the entry has run, a tap made before or while the app starts must still answer, once (the lost tap
 * of bench/results/2026-11-27-first-tap.md: React drops a click on a part it cannot hydrate for want of its code).
 */
test.describe("a view's controls tapped before its code has arrived", () => {
  /** Holds the view's chunk back until `release` is called; `entryRan` resolves once the entry has run. */
  async function slowView(page: Page, chunk: RegExp) {
    const release = await holdBack(page, chunk);
    // The entry asks for the service worker's registration chunk as the last thing it does when it runs.
    const entryRan = page.waitForRequest(/\/assets\/service-worker-[\w-]+\.js$/);
    return { release, entryRan };
  }

  /** Records every value the watched element's aria-pressed takes, from the server's markup on. */
  async function recordPressed(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { watched?: Element; pressed: string[] };
      w.pressed = [];
      new MutationObserver((records) => {
        for (const r of records) if (r.target === w.watched) w.pressed.push(w.watched.getAttribute('aria-pressed')!);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
    });
  }

  // Each a toggle or a choice; the chip and the favourite, tapped twice, would be off again.
  const controls = [
    {
      name: 'a category chip',
      path: '/',
      chunk: /\/assets\/ListaView-[\w-]+\.js$/,
      button: (page: Page) => page.locator('[role="toolbar"][aria-label="Categorías"] button.chip').nth(1),
    },
    {
      name: '"Ver foto 2 de 3"',
      path: '/comercio/1',
      chunk: /\/assets\/DetalleView-[\w-]+\.js$/,
      button: (page: Page) => page.getByRole('button', { name: 'Ver foto 2 de 3' }),
    },
    {
      name: "a promotion's favourite",
      path: '/comercio/1',
      chunk: /\/assets\/DetalleView-[\w-]+\.js$/,
      button: (page: Page) => page.locator('main button.favorito-btn').first(),
    },
  ];

  for (const control of controls)
    for (const when of ['before the app runs', 'while the app starts'] as const) {
      test(`${control.name} on ${control.path} tapped ${when} answers once the view's code arrives, and only once`, async ({
        page,
      }) => {
        const { release, entryRan } = await slowView(page, control.chunk);
        await recordPressed(page);
        await page.goto(control.path, { waitUntil: 'domcontentloaded' });
        const button = control.button(page);
        await expect(button).toHaveAttribute('aria-pressed', 'false');
        await button.evaluate((el) => {
          (window as unknown as { watched: Element }).watched = el;
          const box = el.getBoundingClientRect();
          if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'center' });
        });
        const box = (await button.boundingBox())!;
        const tap = () => page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        // Before: the tap itself starts the scripts. While: the photo started them, the entry has run, the tap
        // comes as the app would hydrate.
        if (when === 'before the app runs') await tap();
        await entryRan;
        // Past the moment the app hydrates and gives a kept tap back (a frame, then a few tasks), the view's
        // code still on its way.
        await page.evaluate(
          () =>
            new Promise<void>((resolve) =>
              requestAnimationFrame(() => setTimeout(() => setTimeout(() => setTimeout(resolve, 0), 0), 0)),
            ),
        );
        if (when === 'while the app starts') await tap();
        release();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        // One tap, one step: a second replay would have pressed it again (the chip and the favourite back off).
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
        expect(await page.evaluate(() => (window as unknown as { pressed: string[] }).pressed)).toEqual(['true']);
      });
    }
});

/**
 * The opinions section is drawn by the server and hydrated with the page. It was a lazy piece of its own: when its
 * code came after anything above it changed (the session's answer, on a busy phone), React threw the server's
 * section away and drew it again once the code arrived, so the section vanished for a moment and "Ver más" or
 * "Opinar" tapped then was lost (ADR 065). Here the chunk that held that code (`opiniones-…js`) is held back:
 * the section must stay in place and answer anyway.
 */
test('the opinions section stays in place while the page starts, and "Ver más" tapped then answers', async ({
  page,
}) => {
  const release = await holdBack(page, /\/assets\/opiniones-[\w-]+\.js$/);
  await page.addInitScript(() => {
    const SECTION = 'section[aria-labelledby="opiniones-title"]';
    const w = window as unknown as { removed: number };
    w.removed = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && (n.matches(SECTION) || n.querySelector(SECTION))) w.removed++;
    }).observe(document, { subtree: true, childList: true });
  });
  const entryRan = page.waitForRequest(/\/assets\/service-worker-[\w-]+\.js$/);
  const session = page.waitForResponse(/\/api\/auth\/get-session/);
  await page.goto('/comercio/1', { waitUntil: 'domcontentloaded' });
  await Promise.all([entryRan, session]);
  const masOpiniones = page.getByRole('button', { name: 'Ver más', exact: true });
  await masOpiniones.scrollIntoViewIfNeeded();
  const box = (await masOpiniones.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('ul[aria-label^="Opiniones, de la más nueva"] > li')).toHaveCount(6);
  release();
  expect(await page.evaluate(() => (window as unknown as { removed: number }).removed)).toBe(0);
});
