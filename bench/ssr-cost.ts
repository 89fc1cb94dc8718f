/**
 * Server-rendered pages (ADR 021): req/s of the home page and a business page against the floor route, on cache
 * hits (the public cache on) and on misses (one server with PUBLIC_CACHE_TTL_MS=0: every request loads its data
 * and renders), with the server's CPU time per answer and the HTML's size as sent (brotli) and uncompressed. The JSON of the home grid is measured
 * beside them for comparison. `npm run bench` runs it; `tsx bench/ssr-cost.ts` runs it alone on a small PGlite
 * city, or on PostgreSQL with DATABASE_URL set (after `npm run build`).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { comercioPath } from '#shared/seo/slug';
import { freePort, startServer } from '#test/server/server-process';
import { prepareBenchDatabase } from './databases';
import { BROWSER_UA } from './stats-cost';

/** Rounds of floor-then-page on cache hits (odd: the median is one of them). */
const ROUNDS = Number(process.env.BENCH_SSR_ROUNDS ?? 3);

export interface SsrRow {
  name: string;
  route: string;
  cache: 'hit' | 'miss';
  rps: number;
  p99: number;
  errors: number;
  /** Share of the floor route's req/s measured on the same server just before (median of the rounds). */
  ratio: number;
  /**
   * The server process's CPU time (user + system) per answer, in ms: less noisy than req/s on a shared machine
   * (it leaves out the load generator and other processes). NaN where /proc is missing (not Linux).
   */
  cpuMs: number;
  /** Bytes per answer as sent (brotli), and uncompressed. */
  sentBytes: number;
  htmlBytes: number;
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the file, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU per answer over a fixed number of answers on 2 connections, every one awaited (the timed run ends with
 * answers still being computed, whose CPU it would lay on the answers it counted).
 */
async function cpuPerAnswer(url: string, pid: number | undefined, amount: number): Promise<number> {
  const before = await cpuSeconds(pid);
  await autocannon({
    url,
    connections: 2,
    amount,
    headers: { 'accept-encoding': 'br', accept: 'text/html', 'user-agent': BROWSER_UA },
  });
  return (((await cpuSeconds(pid)) - before) * 1000) / amount;
}

async function run(url: string, duration: number, connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'accept-encoding': 'br', accept: 'text/html', 'user-agent': BROWSER_UA },
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    sentBytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

export async function measureSsrCost(
  env: Record<string, string>,
  port: number,
  duration: number,
  connections: number,
): Promise<SsrRow[]> {
  const rows: SsrRow[] = [];
  for (const cache of ['hit', 'miss'] as const) {
    const server = await startServer(cache === 'miss' ? { ...env, PUBLIC_CACHE_TTL_MS: '0' } : env, port, {
      compiled: true,
    });
    try {
      const first = (
        (await (await fetch(`${server.url}/api/comercios`)).json()) as {
          items: Array<{ id: number; nombre: string }>;
        }
      ).items[0]!;
      const routes = [
        ['home page (HTML)', '/'],
        ['business page (HTML)', comercioPath(first.id, first.nombre)],
        ['home grid (JSON)', '/api/comercios'],
      ] as const;
      await run(server.url + '/api/ping', 1, connections); // warm-up
      for (const [name, route] of routes) {
        const htmlBytes = (await (await fetch(server.url + route)).arrayBuffer()).byteLength;
        await run(server.url + route, 2, connections); // warm-up
        // The floor and the page alternate, each round's ratio taken against its own floor: on a shared machine
        // the floor alone moved by a third between runs a minute apart. The median round is reported.
        const measured = [];
        for (let round = 0; round < (cache === 'hit' ? ROUNDS : 1); round++) {
          const floor = await run(server.url + '/api/ping', duration, connections);
          const m = await run(server.url + route, duration, connections);
          measured.push({ ...m, ratio: m.rps / Math.max(1, floor.rps) });
        }
        const m = measured.sort((a, b) => a.ratio - b.ratio)[Math.floor(measured.length / 2)]!;
        const cpuMs = await cpuPerAnswer(server.url + route, server.child.pid, cache === 'hit' ? 2000 : 40);
        rows.push({ name, route, cache, ...m, cpuMs, htmlBytes });
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}

export function ssrCostTable(rows: SsrRow[]): string {
  return [
    '| page | cache | req/s | vs floor | p99 ms | server CPU ms/answer | bytes sent (br) | bytes uncompressed | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.cache} | ${r.rps} | ${Math.round(r.ratio * 100)}% | ${r.p99} | ${r.cpuMs < 1 ? r.cpuMs.toFixed(3) : r.cpuMs.toFixed(1)} | ${r.sentBytes} | ${r.htmlBytes} | ${r.errors} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const n = Number(process.env.BENCH_N ?? 500);
  // DATABASE_URL set: the same measure on that PostgreSQL server (a database of its own is made there).
  const serverUrl = process.env.DATABASE_URL ?? '';
  const target = await prepareBenchDatabase(serverUrl ? 'postgres' : 'pglite', n, serverUrl, `vidriera_ssr_${n}`);
  try {
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    const rows = await measureSsrCost(
      { ...target.env, SEED_SAMPLE_DATA: 'false' },
      port,
      Number(process.env.BENCH_DURATION ?? 5),
      Number(process.env.BENCH_CONNECTIONS ?? 50),
    );
    console.log(ssrCostTable(rows));
  } finally {
    await target.cleanup();
  }
}
