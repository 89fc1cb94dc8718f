/**
 * `npm run lighthouse`: Lighthouse (mobile profile) with Debian's Chromium against the production build,
 * on the home page and a business page. Prints the category scores and LCP / TBT / CLS, and writes
 * bench/results/lighthouse.json.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { comercioPath } from '#shared/seo/slug';
import { ROOT, startServer } from '#server/testing/server-process';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-lh-'));
const server = await startServer(
  { DATA_DIR: dir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'true' },
  process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: FLAGS,
});
const results: Record<string, unknown> = {};
try {
  // The business page's canonical address (`/comercio/1` answers 301 to it, ADR 021).
  const first = (await (await fetch(`${server.url}/api/comercios/1`)).json()) as { id: number; nombre: string };
  for (const [name, url] of [
    ['home', `${server.url}/`],
    ['business detail', `${server.url}${comercioPath(first.id, first.nombre)}`],
  ] as const) {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    const lhr = run!.lhr;
    if (lhr.runtimeError) console.log(`  ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const metric = (k: string) => lhr.audits[k]?.displayValue ?? '';
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      failed: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
    results[name] = row;
    console.log(
      `${name.padEnd(16)} performance ${row.performance}  accessibility ${row.accessibility}  best practices ${row.bestPractices}  SEO ${row.seo}  LCP ${row.LCP}  TBT ${row.TBT}  CLS ${row.CLS}`,
    );
    if (row.failed.length) console.log(`  audits not passed: ${row.failed.join(', ')}`);
    if (process.env.LH_DEBUG) {
      for (const id of [
        'largest-contentful-paint-element',
        'layout-shifts',
        'lcp-breakdown-insight',
        'network-dependency-tree-insight',
        'render-blocking-insight',
        'bootup-time',
        'errors-in-console',
        'inspector-issues',
      ]) {
        console.log(id, JSON.stringify(lhr.audits[id]?.details ?? null).slice(0, 1500));
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
await writeFile(
  path.join(ROOT, 'bench/results/lighthouse.json'),
  JSON.stringify({ date: new Date().toISOString(), results }, null, 2) + '\n',
);
