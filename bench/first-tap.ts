/**
 * `npm run bench:tap` (issue 31, "a first tap answers fast"): how long a first tap takes to answer while a page
 * is still settling, and how many taps are lost. Chromium (Debian's) with the CPU throttled 4× through CDP, a
 * phone (390×844, touch, mobile), a cold cache (a fresh browser context for every try), against the production
 * build with the sample data. On the home page and a business page, each control is tapped once per try with a
 * finger on the screen where it is drawn, 0, 250, 500, 1,000 or 2,000 ms after DOMContentLoaded reached this
 * script, and the time from the tap to its visible answer is taken here (the menu open, the chip pressed, the
 * search box focused, the business page shown, WhatsApp's window opened, the button pressed). No answer within
 * TAP_TIMEOUT_MS (default 5,000) counts as a lost tap.
 *
 * Tries run try by try, each over every moment and control in turn, so a change of the machine's load spreads
 * over all cells. Prints a Markdown table: p75 per control and moment, its p75 over all moments, lost taps.
 * BENCH_TAP_TRIES (default 5), BENCH_TAP_CONTROLS (names to tap, comma-separated: "Menú,card"; default every
 * control), BENCH_SERVER_ROOT (another checkout's build, for an A/B), BENCH_PORT, CHROME_PATH. Run on a quiet
 * machine: the figures are wall-clock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, devices, type BrowserContext, type Page } from '@playwright/test';
import { comercioPath } from '#shared/seo/slug';
import { CHROMIUM_ARGS, ONLY_LOCALHOST } from '#test/chromium';
import { startServer } from '#test/server/server-process';

const TRIES = Math.max(1, Number(process.env.BENCH_TAP_TRIES ?? 5));
const TIMEOUT = Number(process.env.TAP_TIMEOUT_MS ?? 5000);
const MOMENTS = [0, 250, 500, 1000, 2000] as const;
const ONLY = process.env.BENCH_TAP_CONTROLS?.split(',').map((name) => name.trim());
const chosen = (controls: Control[]) => (ONLY ? controls.filter((c) => ONLY.includes(c.name)) : controls);
// WhatsApp's and the map's hosts never resolve: nothing leaves the machine.
const FLAGS = [...CHROMIUM_ARGS, ONLY_LOCALHOST];

interface Control {
  name: string;
  /** The element the finger lands on (its centre). */
  target(page: Page): ReturnType<Page['locator']>;
  /**
   * Called before the tap: whatever must be read first, then `done` resolves once the tap's answer shows
   * (`context` for answers in another window).
   */
  arm(page: Page, context: BrowserContext, timeout: number): Promise<{ done: Promise<unknown> }>;
}

/** The element's attribute becomes `value` (React hydrates the server's nodes, so the element stays the same). */
async function attributeBecomes(
  page: Page,
  locator: ReturnType<Page['locator']>,
  name: string,
  value: string,
  timeout: number,
) {
  const handle = await locator.elementHandle({ timeout });
  return {
    done: page.waitForFunction(([el, n, v]) => el.getAttribute(n) === v, [handle, name, value] as const, {
      timeout,
    }),
  };
}

/** `done` needs nothing read before the tap. */
const now = async (done: Promise<unknown>) => ({ done });

const menu: Control = {
  name: 'Menú',
  target: (page) => page.getByRole('button', { name: 'Menú', exact: true }),
  arm: (page, _context, timeout) => now(page.getByRole('dialog', { name: 'Menú', exact: true }).waitFor({ timeout })),
};

const chip = (page: Page) => page.locator('[role="toolbar"][aria-label="Categorías"] button.chip').nth(1);
const card = (page: Page) => page.locator('#resultados h3 a[href^="/comercio/"]').first();
const foto = (page: Page) => page.getByRole('button', { name: 'Ver foto 2 de 3' });
const favorito = (page: Page) => page.locator('button.favorito-btn[aria-pressed="false"]').first();

const HOME: Control[] = [
  menu,
  {
    name: 'category chip',
    target: chip,
    arm: (page, _context, timeout) => attributeBecomes(page, chip(page), 'aria-pressed', 'true', timeout),
  },
  {
    name: 'search box',
    target: (page) => page.locator('form[role="search"] input[type="search"]'),
    arm: (page, _context, timeout) =>
      now(
        page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search', null, {
          timeout,
        }),
      ),
  },
  {
    name: 'card',
    target: card,
    arm: async (page, _context, timeout) => {
      const name = (await card(page).textContent({ timeout }))!.trim();
      // The business's name as the page's heading, whether the app drew it or a new document arrived.
      return { done: page.getByRole('heading', { level: 1, name }).waitFor({ timeout }) };
    },
  },
];

const BUSINESS: Control[] = [
  menu,
  {
    name: 'WhatsApp',
    target: (page) => page.locator('a[href^="https://wa.me/"]').first(),
    arm: (_page, context, timeout) => now(context.waitForEvent('page', { timeout })),
  },
  {
    name: 'photo 2 of 3',
    target: foto,
    arm: (page, _context, timeout) => attributeBecomes(page, foto(page), 'aria-pressed', 'true', timeout),
  },
  {
    name: 'favourite',
    target: favorito,
    arm: (page, _context, timeout) => attributeBecomes(page, favorito(page), 'aria-pressed', 'true', timeout),
  },
  // The opinions section, further down the page: a guest's "Opinar" asks to sign in first.
  {
    name: 'Opinar',
    target: (page) => page.getByRole('button', { name: 'Opinar', exact: true }),
    arm: (page, _context, timeout) =>
      now(page.getByRole('dialog', { name: 'Iniciá sesión para continuar' }).waitFor({ timeout })),
  },
  {
    name: 'Ver más',
    target: (page) => page.getByRole('button', { name: 'Ver más', exact: true }),
    // The first business has more opinions than the page shows: the sixth arrives.
    arm: (page, _context, timeout) =>
      now(page.locator('ul[aria-label^="Opiniones, de la más nueva"] > li').nth(5).waitFor({ timeout })),
  },
];

/** One try: a cold visit, `moment` ms after DOMContentLoaded a tap; milliseconds to the answer, or null if lost. */
async function tapOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  control: Control,
  moment: number,
): Promise<number | null> {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const target = control.target(page);
    // A control below the fold is scrolled to first (a person scrolls before tapping it too).
    await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'center' });
    });
    if (moment > 0) await page.waitForTimeout(moment);
    const box = await target.boundingBox();
    if (!box) throw new Error(`${control.name} is not drawn on ${url} at ${moment} ms`);
    const { done } = await control.arm(page, context, TIMEOUT);
    done.catch(() => undefined); // awaited below; a failed tap must not leave it unhandled
    const tappedAt = performance.now();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    try {
      await done;
      return performance.now() - tappedAt;
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') return null;
      throw error;
    }
  } finally {
    await context.close();
  }
}

function p75(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.75 * s.length) - 1)]!;
}

const ms = (v: number | null) => (v === null ? '–' : String(Math.round(v)));

const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-tap-'));
const server = await startServer(
  { DATA_DIR: dir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'true' },
  process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  { compiled: true, root: process.env.BENCH_SERVER_ROOT },
);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  const first = (await (await fetch(`${server.url}/api/comercios/1`)).json()) as { id: number; nombre: string };
  const pages = [
    { name: 'home', path: '/', controls: chosen(HOME) },
    { name: 'business page', path: comercioPath(first.id, first.nombre), controls: chosen(BUSINESS) },
  ];
  // results[page][control][moment]: answer times (ms) and lost taps.
  const results = new Map<string, { times: number[]; lost: number }>();
  const cell = (p: string, c: string, m: number | 'all') => {
    const key = `${p}|${c}|${m}`;
    if (!results.has(key)) results.set(key, { times: [], lost: 0 });
    return results.get(key)!;
  };
  for (let t = 1; t <= TRIES; t++) {
    for (const moment of MOMENTS)
      for (const p of pages)
        for (const control of p.controls) {
          const took = await tapOnce(browser, `${server.url}${p.path}`, control, moment);
          for (const c of [cell(p.name, control.name, moment), cell(p.name, control.name, 'all')])
            if (took === null) c.lost += 1;
            else c.times.push(took);
        }
    console.error(`try ${t}/${TRIES} done`);
  }
  const head = `| page | control | ${MOMENTS.map((m) => `${m} ms`).join(' | ')} | p75 all | lost |`;
  console.log(`p75 ms from the tap to its answer, by moment of the tap after DOMContentLoaded (${TRIES} tries each)\n`);
  console.log(head);
  console.log(`|${'---|'.repeat(MOMENTS.length + 4)}`);
  for (const p of pages)
    for (const control of p.controls) {
      const all = cell(p.name, control.name, 'all');
      const byMoment = MOMENTS.map((m) => {
        const c = cell(p.name, control.name, m);
        return c.lost ? `${ms(p75(c.times))} (${c.lost} lost)` : ms(p75(c.times));
      });
      console.log(
        `| ${p.name} | ${control.name} | ${byMoment.join(' | ')} | ${ms(p75(all.times))} | ${all.lost}/${all.lost + all.times.length} |`,
      );
    }
} finally {
  await browser.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
