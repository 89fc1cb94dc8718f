/**
 * `npm run bench`: the production server on PGlite (and on PostgreSQL when DATABASE_URL is set), measured
 * with autocannon from this machine. Prints the figures and writes bench/results/latest.{json,md}.
 * Knobs: BENCH_N (10000), BENCH_DURATION s (5), BENCH_CONNECTIONS (50), BENCH_SWEEP ("1000,10000,100000").
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { prepareBenchDatabase, type BenchDatabase } from './databases';
import { measureHomeBytes, measureSeedDesignBytes } from './bytes';
import { ROOT, startServer } from '../src/server/testing/server-process';

const N = Number(process.env.BENCH_N ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SWEEP = (process.env.BENCH_SWEEP ?? '1000,10000,100000').split(',').map(Number).filter(Boolean);
const SERVER_URL = process.env.DATABASE_URL ?? '';

export interface Measure {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
  ratio?: number;
}

async function measure(base: string, route: string, duration = DURATION): Promise<Measure> {
  const result = await autocannon({
    url: base + route,
    connections: CONNECTIONS,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' },
  });
  return {
    route,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.non2xx,
  };
}

const ROUTES = [
  ['floor (no database)', '/api/ping'],
  ['lista, page 1', '/api/comercios'],
  ['lista, category + locality', `/api/comercios?categoria=${encodeURIComponent('Panadería')}&localidad=Capital`],
  ['search "panaderia"', '/api/comercios?q=panaderia'],
  ['promociones, page 1', '/api/promociones'],
  ['promociones, page 5', '/api/promociones?page=5'],
  ['featured strip', '/api/promociones/destacadas'],
  ['categories', '/api/comercios/categorias'],
  ['business detail', '/api/comercios/:published'],
] as const;

function table(rows: Array<Measure & { name: string }>): string {
  const lines = ['| route | req/s | p50 ms | p99 ms | bytes/resp | vs floor | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.ratio === undefined ? '' : `${Math.round(r.ratio * 100)}%`} | ${r.errors} |`);
  return lines.join('\n');
}

async function main() {
  const kinds: BenchDatabase['kind'][] = SERVER_URL ? ['pglite', 'postgres'] : ['pglite'];
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    settings: { N, DURATION, CONNECTIONS },
  };
  const md: string[] = [`# Benchmarks (${new Date().toISOString().slice(0, 10)})`, '', `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}. autocannon, ${CONNECTIONS} connections, ${DURATION} s per route, same machine.`, ''];

  for (const kind of kinds) {
    console.log(`\n== ${kind}, N = ${N}: loading…`);
    const target = await prepareBenchDatabase(kind, N, SERVER_URL);
    const server = await startServer(target.env);
    try {
      const rows: Array<Measure & { name: string }> = [];
      // A business that is public in this dataset (the generator leaves some unpaid or expired).
      const firstPublished = ((await (await fetch(`${server.url}/api/comercios`)).json()) as { items: Array<{ id: number }> }).items[0]!.id;
      for (const [name, template] of ROUTES) {
        const route = template.replace(':published', String(firstPublished));
        await measure(server.url, route, 1); // warm-up
        const m = await measure(server.url, route);
        rows.push({ name, ...m });
        console.log(`${name.padEnd(28)} ${String(m.rps).padStart(7)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ${m.bytes} B`);
      }
      const floor = rows[0]!.rps;
      for (const r of rows) r.ratio = r.rps / floor;
      const home = await measureHomeBytes(server.url);
      const seed = await measureSeedDesignBytes(target.env.DATABASE_URL || undefined, target.env.DATA_DIR);
      report[kind] = { routes: rows, home, seedDesign: seed };
      md.push(`## ${kind}, N = ${N}`, '', table(rows), '');
      md.push(
        `Home page data (what the browser fetches, images excluded): ${home.requests} requests, ${home.transferred} bytes transferred (${home.raw} bytes uncompressed).`,
        `The seed design's full download for the same data: ${seed.jsonBytes} bytes of JSON for ${seed.comercios} businesses and ${seed.promociones} promotions, plus ${seed.inlineImageBytes} bytes of inline images = ${seed.jsonBytes + seed.inlineImageBytes} bytes.`,
        '',
      );
      console.log(`home page data: ${home.transferred} B transferred (${home.raw} B raw); seed design: ${seed.jsonBytes + seed.inlineImageBytes} B`);
    } finally {
      await server.stop();
      await target.cleanup();
    }
  }

  // Scale sweep: the database's own work (cache off), lista and search at growing N.
  const sweepKind: BenchDatabase['kind'] = SERVER_URL ? 'postgres' : 'pglite';
  const sweep: Array<{ n: number; lista: Measure; search: Measure }> = [];
  for (const n of SWEEP) {
    console.log(`\n== sweep on ${sweepKind}, N = ${n}: loading…`);
    const target = await prepareBenchDatabase(sweepKind, n, SERVER_URL);
    const server = await startServer({ ...target.env, PUBLIC_CACHE_TTL_MS: '0' });
    try {
      await measure(server.url, '/api/comercios', 1);
      const lista = await measure(server.url, '/api/comercios');
      const search = await measure(server.url, '/api/comercios?q=panaderia');
      sweep.push({ n, lista, search });
      console.log(`N=${n}: lista p50 ${lista.p50} ms (${lista.rps} req/s), search p50 ${search.p50} ms (${search.rps} req/s)`);
    } finally {
      await server.stop();
      await target.cleanup();
    }
  }
  report.sweep = { kind: sweepKind, cache: 'off', points: sweep };
  md.push(`## Scale sweep on ${sweepKind} (public cache off: the queries themselves)`, '', '| N | lista p50 ms | lista req/s | search p50 ms | search req/s |', '|---:|---:|---:|---:|---:|');
  for (const s of sweep) md.push(`| ${s.n} | ${s.lista.p50} | ${s.lista.rps} | ${s.search.p50} | ${s.search.rps} |`);
  if (sweep.length > 1) {
    const first = sweep[0]!;
    const last = sweep[sweep.length - 1]!;
    const growth = `lista ×${(last.lista.p50 / Math.max(1, first.lista.p50)).toFixed(2)}, search ×${(last.search.p50 / Math.max(1, first.search.p50)).toFixed(2)} from N=${first.n} to N=${last.n}`;
    md.push('', `p50 growth: ${growth}.`);
    console.log(`p50 growth: ${growth}`);
  }

  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify(report, null, 2) + '\n');
  await writeFile(path.join(ROOT, 'bench/results/latest.md'), md.join('\n') + '\n');
  console.log('\nwritten to bench/results/latest.{json,md}');
}

await main();
