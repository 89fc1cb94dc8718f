/**
 * Only the "Start and memory" table of `npm run bench` (bench/footprint.ts: `npm start`'s process group), each
 * case measured BENCH_RUNS times (3) so a change to start-up or memory can be checked without the whole bench:
 *   npm run build && DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/start-memory.ts
 * Cases: BENCH_CASES ("first,pglite,postgres"; postgres needs DATABASE_URL, a server it creates a database on).
 * The existing-data cases run each start command in BENCH_COMMANDS ("npm start,deployed": the Dockerfile's CMD).
 * BENCH_N (10000) businesses are loaded for the existing-data cases, unless BENCH_PGLITE_DIR (a PGlite folder) or
 * BENCH_POSTGRES_URL (a database) already holds them; those are left as found. BENCH_PORT (a free port).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#test/server/server-process';
import { prepareBenchDatabase, type BenchDatabase } from './databases';
import { measureStart, type Footprint, type StartCommand } from './footprint';

const N = Number(process.env.BENCH_N ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CASES = (process.env.BENCH_CASES ?? 'first,pglite,postgres').split(',');
const SERVER_URL = process.env.DATABASE_URL ?? '';
const COMMANDS = (process.env.BENCH_COMMANDS ?? 'npm start,deployed').split(',') as StartCommand[];

async function existing(
  kind: BenchDatabase['kind'],
): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const given = kind === 'pglite' ? process.env.BENCH_PGLITE_DIR : process.env.BENCH_POSTGRES_URL;
  if (given)
    return {
      env: kind === 'pglite' ? { DATA_DIR: given, DATABASE_URL: '' } : { DATABASE_URL: given },
      cleanup: async () => undefined,
    };
  console.log(`loading ${N} businesses into ${kind}…`);
  return prepareBenchDatabase(kind, N, SERVER_URL, `vidriera_start_memory_${N}_${process.pid}`);
}

const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const rows: Array<[string, Footprint]> = [];
for (const name of CASES) {
  if (name === 'first') {
    for (let i = 0; i < RUNS; i++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-first-run-'));
      try {
        rows.push([
          'pglite first run',
          await measureStart({ DATA_DIR: dir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'true' }, port),
        ]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      console.log(rows.at(-1));
    }
    continue;
  }
  const kind = name as BenchDatabase['kind'];
  if (kind === 'postgres' && !SERVER_URL && !process.env.BENCH_POSTGRES_URL) {
    console.log('postgres skipped: DATABASE_URL is not set');
    continue;
  }
  const target = await existing(kind);
  try {
    // Interleaved, so a noisy minute weighs on both commands alike.
    for (let i = 0; i < RUNS; i++) {
      for (const command of COMMANDS) {
        rows.push([
          `${kind} existing data, N = ${N}, ${command}`,
          await measureStart({ ...target.env, SEED_SAMPLE_DATA: 'false' }, port, { command }),
        ]);
        console.log(rows.at(-1));
      }
    }
  } finally {
    await target.cleanup();
  }
}

console.log(
  `\nload average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
console.log('| case | start to healthy | peak RSS | idle RSS (group) | idle RSS (node) |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, f] of rows)
  console.log(`| ${name} | ${f.startMs} ms | ${f.peakGroupMiB} MiB | ${f.idleGroupMiB} MiB | ${f.idleServerMiB} MiB |`);
