/**
 * What counting views costs on the hot path: the business detail route measured on two servers on the same
 * database, one with STATS_ENABLED=true and one with false. Requests carry a browser's user agent (autocannon's
 * would be skipped as a bot), so every one goes through the visitor hash and the in-memory dedupe.
 * `npm run bench` runs it; `tsx bench/stats-cost.ts` runs it alone on a small PGlite city (after `npm run build`).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startServer } from '#server/testing/server-process';
import { prepareBenchDatabase } from './databases';

export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export interface StatsCost {
  route: string;
  on: { rps: number; p99: number; errors: number };
  off: { rps: number; p99: number; errors: number };
  /** on / off */
  ratio: number;
}

async function detail(url: string, duration: number, connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json', 'user-agent': BROWSER_UA },
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function measureStatsCost(
  env: Record<string, string>,
  port: number,
  duration: number,
  connections: number,
): Promise<StatsCost> {
  const runs: Partial<Record<'on' | 'off', StatsCost['on']>> = {};
  let route = '';
  for (const mode of ['on', 'off'] as const) {
    const server = await startServer({ ...env, STATS_ENABLED: mode === 'on' ? 'true' : 'false' }, port, {
      compiled: true,
    });
    try {
      if (!route) {
        const page = (await (await fetch(`${server.url}/api/comercios`)).json()) as { items: Array<{ id: number }> };
        route = `/api/comercios/${page.items[0]!.id}`;
      }
      await detail(server.url + route, 1, connections); // warm-up
      runs[mode] = await detail(server.url + route, duration, connections);
    } finally {
      await server.stop();
    }
  }
  return { route, on: runs.on!, off: runs.off!, ratio: runs.on!.rps / Math.max(1, runs.off!.rps) };
}

export function statsCostLine(c: StatsCost): string {
  return `business detail with view counting: ${c.on.rps} req/s (p99 ${c.on.p99} ms) on, ${c.off.rps} req/s (p99 ${c.off.p99} ms) off: ${(c.ratio * 100).toFixed(0)} %`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const n = Number(process.env.BENCH_N ?? 500);
  const target = await prepareBenchDatabase('pglite', n, '');
  try {
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    const cost = await measureStatsCost(
      { ...target.env, SEED_SAMPLE_DATA: 'false' },
      port,
      Number(process.env.BENCH_DURATION ?? 5),
      Number(process.env.BENCH_CONNECTIONS ?? 50),
    );
    console.log(statsCostLine(cost));
  } finally {
    await target.cleanup();
  }
}
