/**
 * `npm run lighthouse`: Lighthouse (mobile profile: 412 × 823 at 1.75×, simulated slow 4G and 4× CPU) with
 * Debian's Chromium against the production build, on the home page, /promociones and a business page.
 *
 * Self-contained: the map's tiles come from a tile server this script runs on 127.0.0.1 (MAP_TILE_URL points
 * at it, as the browser tests point it at /__tiles/), Chromium resolves no other host, and a run that saw a
 * request leave 127.0.0.1 is reported as such. Each page runs LH_RUNS times (default 3); the output is the
 * median and range per figure. Writes bench/results/lighthouse.{json,md}; LH_SAVE_DIR keeps every full report;
 * BENCH_SERVER_ROOT runs another checkout's build (an A/B).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { comercioPath } from '#shared/seo/slug';
import { CHROMIUM_ARGS, ONLY_LOCALHOST } from '#test/chromium';
import { freePort, ROOT, startServer } from '#test/server/server-process';

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
/** LH_PAGES=home,promociones: only those pages (for an A/B of one page; the written results then hold only them). */
const ONLY = process.env.LH_PAGES?.split(',').map((p) => p.trim());
const FLAGS = ['--headless=new', ...CHROMIUM_ARGS, ONLY_LOCALHOST];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  LCP: 'largest-contentful-paint',
  CLS: 'cumulative-layout-shift',
  TBT: 'total-blocking-time',
  FCP: 'first-contentful-paint',
  bytes: 'total-byte-weight',
} as const;
type Figure = (typeof CATEGORIES)[number] | keyof typeof METRICS;

/** A plain beige tile for every {z}/{x}/{y}: the map draws as it would, without the internet. */
async function startTileServer(): Promise<{ server: Server; template: string }> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e8e4d8' } })
    .png()
    .toBuffer();
  const port = await freePort();
  const server = createServer((req, res) => {
    const ok = /^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '');
    res.writeHead(ok ? 200 : 404, {
      'content-type': ok ? 'image/png' : 'text/plain',
      'cache-control': 'public, max-age=86400',
    });
    res.end(ok ? tile : 'not a tile');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function format(figure: Figure, value: number): string {
  if (figure === 'CLS') return value.toFixed(3);
  if (figure === 'bytes') return `${(value / 1024).toFixed(1)} kB`;
  if (figure === 'LCP' || figure === 'FCP') return `${(value / 1000).toFixed(2)} s`;
  if (figure === 'TBT') return `${Math.round(value)} ms`;
  return String(Math.round(value));
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-lh-'));
const tiles = await startTileServer();
const server = await startServer(
  { DATA_DIR: dir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'true', MAP_TILE_URL: tiles.template },
  process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  { compiled: true, root: process.env.BENCH_SERVER_ROOT },
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: FLAGS,
});
const saveDir = process.env.LH_SAVE_DIR;
if (saveDir) await mkdir(saveDir, { recursive: true });

interface PageResult {
  url: string;
  runs: Record<Figure, number>[];
  median: Record<Figure, number>;
  range: Record<Figure, [number, number]>;
  /** Audits that did not pass in any run (binary audits and the accessibility/best-practices/SEO ones). */
  failed: string[];
  lcpElement: string[];
  /** Requests that went anywhere but 127.0.0.1 (must be empty). */
  external: string[];
  /** Performance insights and diagnostics that estimate a saving (what to look at next), in any run. */
  hints: string[];
  /** Runs Lighthouse could not measure (its runtime error, e.g. NO_NAVSTART), run again and left out. */
  unmeasured: string[];
}
const results: Record<string, PageResult> = {};
/**
 * What the simulated 4× CPU multiplies: Lighthouse's benchmark index of this host (higher is faster) and the
 * browser's build. The same build scored 100 on one machine and 86–93 on another; without these two a figure
 * cannot be compared with an older one.
 */
const host = { browser: '', benchmarkIndex: [] as number[] };
try {
  // The business page's canonical address (`/comercio/1` answers 301 to it, ADR 021).
  const first = (await (await fetch(`${server.url}/api/comercios/1`)).json()) as { id: number; nombre: string };
  const pages = [
    ['home', '/'],
    ['promociones', '/promociones'],
    ['business page', comercioPath(first.id, first.nombre)],
  ] as const;
  for (const [name, pathname] of pages.filter(([name]) => !ONLY || ONLY.includes(name))) {
    const url = `${server.url}${pathname}`;
    const page: PageResult = {
      url: pathname,
      runs: [],
      median: {} as PageResult['median'],
      range: {} as PageResult['range'],
      failed: [],
      lcpElement: [],
      external: [],
      hints: [],
      unmeasured: [],
    };
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      });
      const lhr = run!.lhr;
      host.benchmarkIndex.push(lhr.environment.benchmarkIndex);
      if (saveDir) await writeFile(path.join(saveDir, `${name.replace(/\s/g, '-')}-${i + 1}.json`), run!.report);
      if (lhr.runtimeError) {
        console.log(`  ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        // Such a run has no metrics (a trace Lighthouse could not read): its zeros and NaNs would be medians and
        // ranges. Run again instead, up to RUNS times a page; past that, it is kept and shows as it is.
        page.unmeasured.push(lhr.runtimeError.code);
        if (page.unmeasured.length <= RUNS) {
          i--;
          continue;
        }
      }
      const row = {} as Record<Figure, number>;
      for (const c of CATEGORIES) row[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      for (const [k, id] of Object.entries(METRICS)) row[k as Figure] = lhr.audits[id]?.numericValue ?? NaN;
      page.runs.push(row);
      const judged = new Set(
        CATEGORIES.filter((c) => c !== 'performance').flatMap((c) => lhr.categories[c]!.auditRefs.map((r) => r.id)),
      );
      for (const a of Object.values(lhr.audits)) {
        const fails = a.score !== null && a.score < 1;
        if (fails && (a.scoreDisplayMode === 'binary' || judged.has(a.id)) && !page.failed.includes(a.id))
          page.failed.push(a.id);
      }
      for (const ref of lhr.categories.performance?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        const saves = Object.values(a?.metricSavings ?? {}).some((ms) => (ms ?? 0) > 0);
        if (a && a.score !== null && a.score < 1 && saves && !page.hints.includes(a.id)) page.hints.push(a.id);
      }
      const lcp = lhr.audits['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
      const snippet = lcp?.items?.[0]?.items?.[0]?.node?.snippet;
      if (snippet && !page.lcpElement.includes(snippet)) page.lcpElement.push(snippet);
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items;
      for (const r of requests ?? []) {
        const u = new URL(r.url);
        if (/^https?:$/.test(u.protocol) && u.hostname !== '127.0.0.1' && !page.external.includes(r.url))
          page.external.push(r.url);
      }
      console.log(
        `${name.padEnd(14)} run ${i + 1}/${RUNS}: ` +
          (Object.keys(row) as Figure[]).map((k) => `${k} ${format(k, row[k])}`).join('  '),
      );
    }
    for (const k of Object.keys(page.runs[0]!) as Figure[]) {
      const values = page.runs.map((r) => r[k]);
      page.median[k] = median(values);
      page.range[k] = [Math.min(...values), Math.max(...values)];
    }
    results[name] = page;
    if (page.failed.length) console.log(`  audits not passed: ${page.failed.join(', ')}`);
    if (page.hints.length) console.log(`  performance hints: ${page.hints.join(', ')}`);
    if (page.external.length) console.log(`  REQUESTS LEFT THE MACHINE: ${page.external.join(', ')}`);
    for (const s of page.lcpElement) console.log(`  LCP element: ${s}`);
  }
  host.browser = (
    (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }
  ).Browser;
} finally {
  chrome.kill();
  await server.stop();
  tiles.server.close();
  await rm(dir, { recursive: true, force: true });
}

const date = new Date().toISOString();
const load = os.loadavg().map((l) => l.toFixed(1));
const figures: Figure[] = [...CATEGORIES, 'LCP', 'CLS', 'TBT', 'FCP', 'bytes'];
const cell = (p: PageResult, k: Figure) =>
  p.range[k][0] === p.range[k][1]
    ? format(k, p.median[k])
    : `${format(k, p.median[k])} (${format(k, p.range[k][0])}–${format(k, p.range[k][1])})`;
const md = [
  '# Lighthouse, mobile profile (`npm run lighthouse`)',
  '',
  `${date} · ${RUNS} run(s) per page, median (range) · load average ${load.join(' / ')} on ${os.cpus().length} cores` +
    ' (a shared machine: performance, LCP and TBT are "under load" figures)' +
    ` · ${host.browser} · Lighthouse's benchmark index ${Math.min(...host.benchmarkIndex)}–${Math.max(...host.benchmarkIndex)}`,
  '',
  `| page | ${figures.join(' | ')} |`,
  `|---|${figures.map(() => '---:').join('|')}|`,
  ...Object.entries(results).map(([name, p]) => `| ${name} | ${figures.map((k) => cell(p, k)).join(' | ')} |`),
  '',
  ...Object.entries(results).flatMap(([name, p]) => [
    `- ${name} (\`${p.url}\`): audits not passed: ${p.failed.length ? p.failed.join(', ') : 'none'}; requests` +
      ` off 127.0.0.1: ${p.external.length}; performance hints: ${p.hints.join(', ') || 'none'}; LCP element: ${p.lcpElement.map((s) => `\`${s}\``).join(' / ') || '—'}` +
      (p.unmeasured.length ? `; runs Lighthouse could not measure, run again: ${p.unmeasured.join(', ')}` : ''),
  ]),
  '',
].join('\n');
await writeFile(path.join(ROOT, 'bench/results/lighthouse.md'), md);
await writeFile(
  path.join(ROOT, 'bench/results/lighthouse.json'),
  JSON.stringify({ date, runs: RUNS, loadAverage: os.loadavg(), host, results }, null, 2) + '\n',
);
console.log(`\nWrote bench/results/lighthouse.md and bench/results/lighthouse.json (load average ${load.join(' ')})`);
if (Object.values(results).some((p) => p.external.length)) process.exitCode = 1;
