/**
 * A cold cache under the realistic mix (issue 34): the compiled server started on a loaded database with nothing
 * cached, and the mix (bench/mix.ts) sent at once, continuously, for BENCH_COLD_START_DURATION s (120); printed
 * per 10 s: requests per second against the floor (`/api/ping` on the same server for 5 s just after the mix; the
 * 5 s just before it are printed too, but a process that has just started answers even its floor slowly while V8
 * compiles it), the public cache's hit ratio and p99. `npm run bench` runs it on each
 * database; alone: `DATABASE_URL=… npx tsx bench/cold-start.ts` on a database loaded with bench/load-dataset.ts
 * (BENCH_N must match it), BENCH_SERVER_ROOT to run another checkout's build, BENCH_PORT, BENCH_CONNECTIONS.
 */
import autocannon from 'autocannon';
import type { CacheStats } from '#server/cache/public-cache';
import { startServer } from '#test/server/server-process';
import { mixGenerator } from './mix';

const STEP = 10;

export interface ColdStartStep {
  /** Seconds since the mix started, at the end of the step. */
  at: number;
  rps: number;
  ratio: number;
  hitRatio: number;
  p99: number;
  errors: number;
}

export interface ColdStart {
  floor: number;
  floorBefore: number;
  floorAfter: number;
  steps: ColdStartStep[];
  /** Mean share of the floor over the first 60 s, and over the second minute. */
  firstMinute: number;
  secondMinute: number;
}

const stats = async (base: string) =>
  ((await (await fetch(`${base}/api/health`)).json()) as { publicCache: CacheStats }).publicCache;

export async function measureColdStart(
  env: Record<string, string>,
  n: number,
  options: { port?: number; connections?: number; duration?: number; root?: string } = {},
): Promise<ColdStart> {
  const connections = options.connections ?? 50;
  const duration = options.duration ?? 120;
  const server = await startServer(env, options.port, { compiled: true, root: options.root });
  try {
    const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
    const ping = async () =>
      Math.round(
        (await autocannon({ url: `${server.url}/api/ping`, connections, duration: 5, headers })).requests.average,
      );
    const floorBefore = await ping();
    // One sequence for the whole run, as a city's traffic goes on: each step continues where the last stopped.
    const next = mixGenerator(n, 4242);
    const steps: ColdStartStep[] = [];
    for (let at = STEP; at <= duration; at += STEP) {
      const before = await stats(server.url);
      const run = await autocannon({
        url: server.url,
        connections,
        duration: STEP,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      });
      const after = await stats(server.url);
      const d = (k: keyof CacheStats) => after[k] - before[k];
      const answered = d('hits') + d('staleHits') + d('shared') + d('misses');
      const rps = Math.round(run.requests.average);
      steps.push({
        at,
        rps,
        ratio: 0,
        hitRatio: answered ? (answered - d('misses')) / answered : 0,
        p99: run.latency.p99,
        errors: run.errors + run['5xx'],
      });
      console.log(`${String(at).padStart(4)} s: ${rps} req/s, hit ratio ${pct(steps.at(-1)!.hitRatio)}`);
    }
    const floorAfter = await ping();
    const floor = floorAfter;
    for (const step of steps) step.ratio = step.rps / floor;
    const mean = (xs: ColdStartStep[]) => xs.reduce((s, x) => s + x.ratio, 0) / Math.max(1, xs.length);
    return {
      floor,
      floorBefore,
      floorAfter,
      steps,
      firstMinute: mean(steps.filter((s) => s.at <= 60)),
      secondMinute: mean(steps.filter((s) => s.at > 60 && s.at <= 120)),
    };
  } finally {
    await server.stop();
  }
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function coldStartTable(c: ColdStart): string[] {
  return [
    `Floor ${c.floor} req/s, just after the mix (${c.floorBefore} just before it, the process just started). Mean share of the floor: ${pct(c.firstMinute)} over the first 60 s, ${pct(c.secondMinute)} over the second minute.`,
    '',
    '| s since start | req/s | vs floor | hit ratio | p99 ms | errors |',
    '|---:|---:|---:|---:|---:|---:|',
    ...c.steps.map((s) => `| ${s.at} | ${s.rps} | ${pct(s.ratio)} | ${pct(s.hitRatio)} | ${s.p99} | ${s.errors} |`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must name a database loaded with bench/load-dataset.ts');
  const result = await measureColdStart(
    { DATABASE_URL: databaseUrl, SEED_SAMPLE_DATA: 'false' },
    Number(process.env.BENCH_N ?? 10_000),
    {
      port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
      connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
      duration: Number(process.env.BENCH_COLD_START_DURATION ?? 120),
      root: process.env.BENCH_SERVER_ROOT,
    },
  );
  console.log(coldStartTable(result).join('\n'));
}
