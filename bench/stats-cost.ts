/**
 * What counting views costs on the hot path: the business detail route measured on two servers on the same
 * database, one with STATS_ENABLED=true and one with false. Requests carry a browser's user agent (autocannon's
 * would be skipped as a bot), so every one goes through the visitor hash and the in-memory dedupe.
 * `npm run bench` runs it; `tsx bench/stats-cost.ts` runs it alone on a small PGlite city (after `npm run build`).
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { Db } from '#server/db/client';
import { StatsCounter } from '#server/estadisticas/counter';
import { freePort, startServer } from '#test/server/server-process';
import { prepareBenchDatabase } from './databases';

export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

export interface StatsCost {
  route: string;
  /** One measurement per round, in the order taken (rounds alternate which mode goes first). */
  on: Run[];
  off: Run[];
  /** on / off of each round's pair, measured back to back. */
  ratios: number[];
  /** CPU microseconds of one count() in this process, without HTTP: a figure the neighbours disturb far less. */
  countMicros: { returning: number; newVisitor: number };
}

/**
 * The counter alone: CPU time (process.cpuUsage, not wall time) of count() for a returning visitor (hash and
 * Set lookup: what every request of the HTTP run does) and for new visitors (hash, Set insert, pending map).
 */
export function measureCountCpu(calls = 100_000): StatsCost['countMicros'] {
  const cpu = (run: () => void) => {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / calls;
  };
  // Never flushed, so it never touches a database.
  const counter = () =>
    new StatsCounter({ db: null as unknown as Db, now: () => new Date(), maxVisitorsPerDay: calls + 1 });
  const returning = counter();
  returning.count({ ip: '203.0.113.7', userAgent: BROWSER_UA }, 1, 'visitas');
  const fresh = counter();
  const r = (n: number) => ({ ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, userAgent: BROWSER_UA });
  return {
    returning: cpu(() => {
      for (let i = 0; i < calls; i++) returning.count({ ip: '203.0.113.7', userAgent: BROWSER_UA }, 1, 'visitas');
    }),
    newVisitor: cpu(() => {
      for (let i = 0; i < calls; i++) fresh.count(r(i), 1, 'visitas');
    }),
  };
}

async function detail(url: string, duration: number, connections: number): Promise<Run> {
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

/**
 * Interleaved rounds (on, off, then off, on, …): on a shared, noisy machine a single on-then-off pair mostly
 * measures what the neighbours were doing, so each round's pair is taken back to back and the spread of the
 * rounds is reported with the median.
 */
export async function measureStatsCost(
  env: Record<string, string>,
  port: number,
  duration: number,
  connections: number,
  rounds = 4,
): Promise<StatsCost> {
  const cost: StatsCost = { route: '', on: [], off: [], ratios: [], countMicros: measureCountCpu() };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    const pair: Partial<Record<'on' | 'off', Run>> = {};
    for (const mode of order) {
      const server = await startServer({ ...env, STATS_ENABLED: mode === 'on' ? 'true' : 'false' }, port, {
        compiled: true,
      });
      try {
        if (!cost.route) {
          const page = (await (await fetch(`${server.url}/api/comercios`)).json()) as { items: Array<{ id: number }> };
          cost.route = `/api/comercios/${page.items[0]!.id}`;
        }
        await detail(server.url + cost.route, 1, connections); // warm-up
        pair[mode] = await detail(server.url + cost.route, duration, connections);
      } finally {
        await server.stop();
      }
    }
    cost.on.push(pair.on!);
    cost.off.push(pair.off!);
    cost.ratios.push(pair.on!.rps / Math.max(1, pair.off!.rps));
  }
  return cost;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[], fmt: (x: number) => string) =>
  `median ${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const rps = (x: number) => `${Math.round(x)}`;

export function statsCostLine(c: StatsCost): string {
  const errors = [...c.on, ...c.off].reduce((n, r) => n + r.errors, 0);
  return (
    `business detail with view counting, ${c.ratios.length} interleaved rounds: on ${spread(
      c.on.map((r) => r.rps),
      rps,
    )} req/s, off ${spread(
      c.off.map((r) => r.rps),
      rps,
    )} req/s; on/off per round ${c.ratios.map(pct).join(', ')}, ${spread(c.ratios, pct)}; count() alone ${c.countMicros.returning.toFixed(1)} µs CPU (returning visitor), ${c.countMicros.newVisitor.toFixed(1)} µs (new visitor)` +
    (errors ? `; ${errors} errors` : '')
  );
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
      Number(process.env.BENCH_STATS_ROUNDS ?? 4),
    );
    console.log(statsCostLine(cost));
  } finally {
    await target.cleanup();
  }
}
