/**
 * Cold home-page visits per second. A first-time visitor's phone browser is recorded once per run (Chromium
 * at 360×740 with a Pixel 5's user agent and touch, an empty profile: no cache, no cookies), every request it
 * makes to our server until the network is idle (the page, scripts, styles, the images its lazy loading
 * fetches, data it asks for, the icon, chunks it prefetches), each with the headers the browser sent
 * (Accept-Encoding, Accept, Origin, Sec-Fetch-*…; never If-None-Match, since nothing is cached). autocannon
 * then replays that list in order over many connections. Visits/s = requests/s ÷ requests per visit.
 *
 * Also measured, without wall-clock times: the server's CPU per request of each kind (document, script,
 * image…), read from /proc before and after replaying only that kind, so a loaded machine changes it little.
 */
import { readFile } from 'node:fs/promises';
import { chromium, devices } from '@playwright/test';
import autocannon from 'autocannon';
import { CHROMIUM_ARGS } from '#test/chromium';

export interface VisitRequest {
  path: string;
  /** Chromium's resource type: document, script, stylesheet, image, fetch, other… */
  kind: string;
  headers: Record<string, string>;
  /** Bytes on the wire as the browser received them (headers and body). */
  bytes: number;
}

/** What the replay must not copy: connection-level headers autocannon writes itself. */
const DROP = new Set(['host', 'connection', 'content-length']);

export async function recordHomeVisit(base: string): Promise<VisitRequest[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 5'], viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const origin = new URL(base).origin;
    const pending: Array<Promise<VisitRequest | null>> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      pending.push(
        (async () => {
          const headers = Object.fromEntries(
            Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':') && !DROP.has(name)),
          );
          const response = await request.response();
          const sizes = response ? await request.sizes() : null;
          return {
            path: url.pathname + url.search,
            kind: request.resourceType(),
            headers,
            bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0,
          };
        })().catch(() => null),
      );
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    // Work the page starts once idle (prefetching the next views' code) counts too.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const requests = (await Promise.all(pending)).filter((r): r is VisitRequest => r !== null);
    await context.close();
    return requests;
  } finally {
    await browser.close();
  }
}

/** The visit by kind of request: how many and how many bytes. */
export function visitShape(visit: VisitRequest[]): Record<string, { requests: number; bytes: number }> {
  const shape: Record<string, { requests: number; bytes: number }> = {};
  for (const r of visit) {
    const s = (shape[r.kind] ??= { requests: 0, bytes: 0 });
    s.requests += 1;
    s.bytes += r.bytes;
  }
  return shape;
}

/** User plus system CPU time of a process, in microseconds (Linux /proc; clock ticks of 10 ms). */
async function cpuMicros(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state, field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

function replay(
  base: string,
  visit: VisitRequest[],
  connections: number,
  opts: { duration?: number; amount?: number },
) {
  return autocannon({
    url: base,
    connections,
    ...opts,
    requests: visit.map((r) => ({ method: 'GET' as const, path: r.path, headers: r.headers })),
  });
}

export async function measureColdVisits(
  base: string,
  duration: number,
  connections: number,
  serverPid?: number,
  cpuSamples = 4000,
) {
  const visit = await recordHomeVisit(base);
  const result = await replay(base, visit, connections, { duration });
  const rps = result.requests.average;
  // CPU per request of each kind, replaying that kind alone (a warm-up pass first).
  const cpuPerRequest: Record<string, number> = {};
  if (serverPid)
    for (const kind of new Set(visit.map((r) => r.kind))) {
      const only = visit.filter((r) => r.kind === kind);
      await replay(base, only, 10, { amount: 200 });
      const before = await cpuMicros(serverPid);
      const run = await replay(base, only, 10, { amount: cpuSamples });
      cpuPerRequest[kind] = Math.round(((await cpuMicros(serverPid)) - before) / Math.max(1, run.requests.total));
    }
  const shape = visitShape(visit);
  const cpuKnown = Object.keys(cpuPerRequest).length > 0;
  return {
    requestsPerVisit: visit.length,
    /** Server CPU one visit costs: each kind's requests × its CPU per request (null without a pid). */
    cpuPerVisitMs: cpuKnown
      ? Math.round(Object.entries(shape).reduce((sum, [k, s]) => sum + s.requests * (cpuPerRequest[k] ?? 0), 0) / 10) /
        100
      : null,
    rps: Math.round(rps),
    visitsPerSecond: Math.round((rps / visit.length) * 10) / 10,
    errors: result.errors + result.non2xx,
    kbPerVisit: Math.round(((result.throughput.total / Math.max(1, result.requests.total)) * visit.length) / 1024),
    shape,
    cpuPerRequest,
    paths: visit.map((r) => `${r.kind} ${r.path}`),
  };
}

/** "document 1 (10.9 kB, 412 µs CPU each), script 22 (…)…; server CPU per visit 3.1 ms" */
export function coldVisitLine(cold: Awaited<ReturnType<typeof measureColdVisits>>): string {
  const kinds = Object.entries(cold.shape)
    .map(([kind, s]) => {
      const cpu = cold.cpuPerRequest[kind];
      return `${kind} ${s.requests} (${(s.bytes / 1024).toFixed(1)} kB${cpu !== undefined ? `, ${cpu} µs CPU each` : ''})`;
    })
    .join(', ');
  return cold.cpuPerVisitMs === null ? kinds : `${kinds}; server CPU per visit ${cold.cpuPerVisitMs} ms`;
}
