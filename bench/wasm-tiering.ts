/**
 * `tsx bench/wasm-tiering.ts` — PGlite's memory and query cost under each Node and set of WebAssembly flags
 * (ADR 049): the compiled server (`npm run build` first) on a PGlite folder of BENCH_N (10,000) businesses,
 * public cache off, so every request runs its queries in PGlite. Each variant is started in turn, round after
 * round (A B C… A B C…), so a noisy minute weighs on every variant alike. Per start it records:
 *   - the start-up peak (the process's VmHWM when healthy) and idle RSS 3 s later;
 *   - BENCH_WARMUP (1,500) requests of the realistic mix (bench/mix.ts), unmeasured, so hot functions tier up;
 *   - BENCH_REQUESTS (3,000) more from BENCH_CONNECTIONS (10): the server's CPU per request (user + system
 *     from /proc), requests per second and p99;
 *   - the peak over the whole run (VmHWM at the end): a compile that happens while serving shows there.
 * Variants: BENCH_VARIANTS, `;`-separated `label=node binary|flags` (node binary `node` is this process's own),
 * default: this Node and BENCH_NODE24 (a Node 24 binary, e.g. from `npm i node@24`), each with the flags
 * `npm start` gives and with them plus `--liftoff-only`. BENCH_ROUNDS (3). BENCH_PGLITE_DIR reuses a loaded
 * folder (left as found); otherwise one is loaded and removed. BENCH_PORT (a free port).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { COMPILED_MALLOC_ENV, freePort, ROOT, serverEnv } from '#test/server/server-process';
import { prepareBenchDatabase } from './databases';
import { median, mixGenerator } from './mix';

const N = Number(process.env.BENCH_N ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1_500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const START_FLAGS = '--expose-gc --max-semi-space-size=2';

interface Variant {
  label: string;
  node: string;
  flags: string[];
}

function variants(): Variant[] {
  const given = process.env.BENCH_VARIANTS;
  const spec =
    given ??
    [
      `node ${process.versions.node}=node|${START_FLAGS}`,
      `node ${process.versions.node} --liftoff-only=node|${START_FLAGS} --liftoff-only`,
      ...(process.env.BENCH_NODE24
        ? [
            `node 24=${process.env.BENCH_NODE24}|${START_FLAGS}`,
            `node 24 --liftoff-only=${process.env.BENCH_NODE24}|${START_FLAGS} --liftoff-only`,
          ]
        : []),
    ].join(';');
  return spec.split(';').map((entry) => {
    const at = entry.indexOf('=');
    const [node, flags = ''] = entry.slice(at + 1).split('|');
    return {
      label: entry.slice(0, at),
      node: node === 'node' ? process.execPath : node!,
      flags: flags.split(' ').filter(Boolean),
    };
  });
}

async function status(pid: number): Promise<{ hwm: number; rss: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { hwm: kib('VmHWM') / 1024, rss: kib('VmRSS') / 1024 };
}

/** Milliseconds of CPU (user + system) the process has used. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

interface Row {
  label: string;
  startMs: number;
  startPeak: number;
  idle: number;
  cpuPerRequest: number;
  rps: number;
  p99: number;
  errors: number;
  runPeak: number;
}

async function measure(variant: Variant, env: Record<string, string>, port: number, seed: number): Promise<Row> {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(variant.node, [...variant.flags, path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...serverEnv(port), PUBLIC_CACHE_TTL_MS: '0', ...COMPILED_MALLOC_ENV, ...env },
  });
  const pid = child.pid!;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.label} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (performance.now() - started > 180_000) throw new Error(`${variant.label} did not start`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const startMs = Math.round(performance.now() - started);
    const startPeak = (await status(pid)).hwm;
    await new Promise((r) => setTimeout(r, 3000));
    const idle = (await status(pid)).rss;
    const next = mixGenerator(N, seed);
    const fire = (amount: number) =>
      autocannon({
        url,
        connections: CONNECTIONS,
        amount,
        headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      });
    await fire(WARMUP);
    const before = await cpuMs(pid);
    const result = await fire(REQUESTS);
    const cpu = (await cpuMs(pid)) - before;
    return {
      label: variant.label,
      startMs,
      startPeak: Math.round(startPeak),
      idle: Math.round(idle),
      cpuPerRequest: cpu / result.requests.total,
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.errors + result['5xx'],
      runPeak: Math.round((await status(pid)).hwm),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const list = variants();
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const given = process.env.BENCH_PGLITE_DIR;
if (!given) console.log(`loading ${N} businesses into PGlite…`);
const database = given
  ? { env: { DATA_DIR: given, DATABASE_URL: '' }, cleanup: async () => undefined }
  : await prepareBenchDatabase('pglite', N, '');
const rows: Row[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with a different variant, so none is always first after the previous one's exit.
    for (let i = 0; i < list.length; i++) {
      const variant = list[(i + round) % list.length]!;
      const row = await measure(variant, database.env, port, 42 + round);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
} finally {
  await database.cleanup();
}

const range = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
console.log(
  `\nN = ${N}, ${ROUNDS} rounds, ${WARMUP} warm-up + ${REQUESTS} measured requests of the mix from ${CONNECTIONS} connections, cache off; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
console.log(
  '| variant | start-up peak MiB | idle MiB | peak over the run MiB | CPU ms / request | requests/s | p99 ms | errors |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const variant of list) {
  const mine = rows.filter((r) => r.label === variant.label);
  console.log(
    `| ${variant.label} | ${range(mine.map((r) => r.startPeak))} | ${range(mine.map((r) => r.idle))} | ${range(
      mine.map((r) => r.runPeak),
    )} | ${range(
      mine.map((r) => r.cpuPerRequest),
      2,
    )} | ${range(mine.map((r) => r.rps))} | ${range(mine.map((r) => r.p99))} | ${mine.reduce((a, r) => a + r.errors, 0)} |`,
  );
}
