/**
 * `npm run bench`: the compiled production server on PGlite (and on PostgreSQL when DATABASE_URL is set),
 * measured with autocannon from this machine. Prints the figures and writes bench/results/latest.{json,md}.
 * Knobs: BENCH_N (10000), BENCH_DURATION s per single-URL route (5), BENCH_MIX_DURATION s per mix run (20),
 * BENCH_MIX_WARMUP minimum s of the mix before the first measured run (20; it goes on until the hit ratio stops rising), BENCH_FIRST_RUN ("false" skips it),
 * BENCH_CONNECTIONS (50), BENCH_EDIT_RATES ("0,1,10" owner edits/s), BENCH_SWEEP ("1000,10000,100000";
 * "none" skips it), BENCH_STATS_ROUNDS (4 interleaved on/off pairs for the cost of counting views),
 * BENCH_SSR_ROUNDS (3 floor-then-page rounds per server-rendered page on cache hits, the median kept), BENCH_PORT
 * (first port; the bench uses it and the next one), BENCH_NOTE (a line for the report, e.g. what else ran on
 * the machine), BENCH_SWEEP_ONLY ("true": only the scale sweep), BENCH_DATABASES ("pglite,postgres" with
 * DATABASE_URL, else "pglite"), BENCH_MIX_ONLY ("true": only the realistic mix rows, e.g. with BENCH_DATABASES=postgres
 * BENCH_EDIT_RATES=1 for the owner edit's latency; prints and writes no results file), BENCH_COLD_ONLY ("true": only
 * the cold home-page visit, written to bench/results/cold-visit.{json,md}), BENCH_OPINIONES (200000 opinions on
 * the sweep's opinion rows at BENCH_OPINIONES_N businesses, 10000; "0" skips them), BENCH_OPINIONES_ONLY ("true":
 * only those rows: the business page and the "Mejor valorados" grid, cache off, written to
 * bench/results/opiniones.{json,md}), BENCH_COLD_START_DURATION (120 s of the mix on a server started with an empty
 * cache, per database, printed per 10 s; "0" skips it; bench/cold-start.ts runs it alone), BENCH_SEARCH_SWEEP
 * ("false" skips issue 30's search rows of bench/search-sweep.ts, run at the sweep's largest N on PostgreSQL).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BASELINE_MD } from './baseline';
import { prepareBenchDatabase, type BenchDatabase } from './databases';
import { measureHomeBytes } from './bytes';
import { sql } from 'drizzle-orm';
import { splitCategorias } from '#shared/categorias';
import { openDatabase, queryRows } from '#server/db/client';
import { ROOT, freePort, startServer, type RunningServer } from '#test/server/server-process';
import { runColdOnly } from './cold-only';
import { coldStartTable, measureColdStart } from './cold-start';
import { coldVisitLine, measureColdVisits } from './cold-visit';
import { benchOpiniones } from './opiniones';
import { searchSweep, searchSweepMd } from './search-sweep';
import { explainHoy, HOY_ROUTES, hoyPlanLine, type HoyPlan } from './explain-hoy';
import { measureStart, type Footprint } from './footprint';
import { distinctUrls, median, runMix, startEdits, type Editor } from './mix';
import { measureSsrCost, ssrCostTable } from './ssr-cost';
import { measureStatsCost, statsCostLine } from './stats-cost';
import type { CacheStats } from '#server/cache/public-cache';

const N = Number(process.env.BENCH_N ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SWEEP = (process.env.BENCH_SWEEP ?? '1000,10000,100000').split(',').map(Number).filter(Boolean);
const MIX_DURATION = Number(process.env.BENCH_MIX_DURATION ?? 20);
const EDIT_RATES = (process.env.BENCH_EDIT_RATES ?? '0,1,10').split(',').map(Number);
const NOTE = process.env.BENCH_NOTE ?? '';
const MIX_WARMUP = Number(process.env.BENCH_MIX_WARMUP ?? 20);
const EDITORS = 10;
const STATS_ROUNDS = Number(process.env.BENCH_STATS_ROUNDS ?? 4);
const SERVER_URL = process.env.DATABASE_URL ?? '';
const SWEEP_ONLY = process.env.BENCH_SWEEP_ONLY === 'true';
const COLD_ONLY = process.env.BENCH_COLD_ONLY === 'true';
const MIX_ONLY = process.env.BENCH_MIX_ONLY === 'true';
const OPINIONES = Number(process.env.BENCH_OPINIONES ?? 200_000);
const OPINIONES_N = Number(process.env.BENCH_OPINIONES_N ?? 10_000);
const OPINIONES_ONLY = process.env.BENCH_OPINIONES_ONLY === 'true';
const SEARCH_SWEEP = process.env.BENCH_SEARCH_SWEEP !== 'false';
const COLD_START_DURATION = Number(process.env.BENCH_COLD_START_DURATION ?? 120);
const DATABASES = (process.env.BENCH_DATABASES ?? (SERVER_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .filter((k): k is BenchDatabase['kind'] => k === 'pglite' || k === 'postgres');
/** "Cerca mío" from Godoy Cruz's main square (the visitor's position as the API rounds it). */
const NEAR_ME = '/api/comercios?lat=-32.925&lng=-68.844';

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
  const lines = [
    '| route | req/s | p50 ms | p99 ms | bytes/resp | vs floor | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.ratio === undefined ? '' : `${Math.round(r.ratio * 100)}%`} | ${r.errors} |`,
    );
  return lines.join('\n');
}

const cacheStats = async (base: string) =>
  ((await (await fetch(`${base}/api/health`)).json()) as { publicCache: CacheStats }).publicCache;

/** Answers not computed for their own request over all public answers between two readings of the stats. */
function hitRatioBetween(before: CacheStats, after: CacheStats): number {
  const answered = (k: keyof CacheStats) => after[k] - before[k];
  const total = answered('hits') + answered('staleHits') + answered('shared') + answered('misses');
  return total ? (total - answered('misses')) / total : 0;
}

const WARMUP_STEP = 10;
/**
 * Fills the cache with the mix until its hit ratio stops rising, so the rows measure a steady state: at least
 * BENCH_MIX_WARMUP s, then 10 s steps (each with its own sequence, as the rows have) until a step gains less than
 * half a point over the one before, at most four times the minimum. A fixed 20 s left PGlite's first row still
 * filling the long tail (94 % hits, then 98–99 % in the rows after it that also had writes).
 */
async function warmMix(base: string): Promise<number[]> {
  const ratios: number[] = [];
  for (let elapsed = 0; elapsed < 4 * MIX_WARMUP; elapsed += WARMUP_STEP) {
    const before = await cacheStats(base);
    await runMix(base, N, WARMUP_STEP, CONNECTIONS, 999 - ratios.length);
    ratios.push(hitRatioBetween(before, await cacheStats(base)));
    const gain = ratios.length >= 2 ? ratios.at(-1)! - ratios.at(-2)! : 1;
    if (elapsed + WARMUP_STEP >= MIX_WARMUP && gain < 0.005) break;
  }
  return ratios;
}

/** Owners for the write script: signed up through the API, then given published businesses of the dataset. */
async function prepareEditors(
  env: Record<string, string>,
  port: number,
): Promise<Array<{ cookie: string; email: string }>> {
  const server = await startServer({ ...env, AUTH_RATE_LIMIT_PER_IP: '1000' }, port, { compiled: true });
  try {
    const owners = [];
    for (let i = 0; i < EDITORS; i++) {
      const email = `bench-owner-${i}@example.com`;
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password: 'secreto123', name: `Dueño ${i}` }),
      });
      if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      owners.push({
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        email,
      });
    }
    return owners;
  } finally {
    await server.stop();
  }
}

/** Hands published businesses, spread over the popularity ranking, to the bench owners (server stopped). */
async function assignBusinesses(env: Record<string, string>, emails: string[]): Promise<number[]> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    const published = await queryRows<{ id: number }>(
      database.db,
      sql`SELECT id FROM comercios WHERE pago_status AND fecha_pago > now() - interval '25 days' ORDER BY id`,
    );
    const ids: number[] = [];
    for (const [i, email] of emails.entries()) {
      // Ids 1, 11, 101… are among the most, averagely and least visited pages (the mix is Zipf over ids).
      const id = published[Math.min(published.length - 1, Math.floor((published.length / emails.length) * i))]!.id;
      await database.db.execute(
        sql`UPDATE comercios SET propietario_id = (SELECT id FROM "user" WHERE email = ${email}) WHERE id = ${id}`,
      );
      ids.push(id);
    }
    return ids;
  } finally {
    await database.close();
  }
}

async function loadEditors(server: RunningServer, owners: Array<{ cookie: string }>, ids: number[]): Promise<Editor[]> {
  const keep = [
    'nombre',
    'categorias',
    'telefono',
    'direccion',
    'localidad',
    'descripcion',
    'horario',
    'horarioDetallado',
    'email',
    'whatsapp',
    'servicios',
    'imagen',
    'galeria',
  ];
  return Promise.all(
    owners.map(async (owner, i) => {
      const res = await fetch(`${server.url}/api/comercios/${ids[i]}/editar`, { headers: { cookie: owner.cookie } });
      if (!res.ok) throw new Error(`editar failed: ${res.status}`);
      const full = (await res.json()) as Record<string, unknown>;
      const values = Object.fromEntries(keep.filter((k) => k in full).map((k) => [k, full[k]]));
      return {
        cookie: owner.cookie,
        id: ids[i]!,
        values: { ...values, categorias: splitCategorias(String(full.categoria)) },
      };
    }),
  );
}

interface MixRow {
  editsPerSecond: number;
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  errors: number;
  hitRatio: number;
  editP50: number | null;
  edits: number;
  editFailures: number;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const mib = (f: Footprint) =>
  `${f.startMs} ms · peak ${f.peakGroupMiB} MiB · idle ${f.idleGroupMiB} MiB (node ${f.idleServerMiB} MiB)`;

async function main() {
  if (COLD_ONLY) {
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
    return runColdOnly({ n: N, serverUrl: SERVER_URL, port, duration: MIX_DURATION, connections: CONNECTIONS });
  }
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  if (OPINIONES_ONLY) return opinionRows(port);
  const kinds: BenchDatabase['kind'][] = SWEEP_ONLY ? [] : DATABASES;
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: os.loadavg(),
    },
    settings: { N, DURATION, MIX_DURATION, CONNECTIONS, EDIT_RATES, note: NOTE },
  };
  const md: string[] = [
    `# Benchmarks (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; load average at the start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' / ',
      )}. autocannon, ${CONNECTIONS} connections, on the same machine as the server (the compiled server, \`node dist/server/main.js\`).`,
    ...(NOTE ? ['', NOTE] : []),
    '',
  ];
  const footprints: Record<string, Footprint> = {};

  // First run on PGlite: empty folder, sample data loaded at start.
  if (process.env.BENCH_FIRST_RUN !== 'false' && !SWEEP_ONLY && !MIX_ONLY) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-first-run-'));
    console.log('\n== first run on PGlite (fresh folder, sample data)');
    footprints['pglite first run'] = await measureStart(
      { DATA_DIR: dir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'true' },
      port,
    );
    console.log(mib(footprints['pglite first run']));
    await rm(dir, { recursive: true, force: true });
  }

  const mixes: Record<string, MixRow[]> = {};
  const warmups: Record<string, number[]> = {};
  for (const kind of kinds) {
    console.log(`\n== ${kind}, N = ${N}: loading…`);
    // Named by process: two developers benchmarking on one server must not drop each other's database.
    const target = await prepareBenchDatabase(kind, N, SERVER_URL, `vidriera_bench_${N}_${process.pid}`);
    const env = { ...target.env, SEED_SAMPLE_DATA: 'false' };
    try {
      const owners = await prepareEditors(env, port);
      const ids = await assignBusinesses(
        env,
        owners.map((o) => o.email),
      );
      if (!MIX_ONLY) {
        footprints[`${kind} existing data, N = ${N}`] = await measureStart(env, port);
        console.log(`start on existing data: ${mib(footprints[`${kind} existing data, N = ${N}`]!)}`);
        // What a container restart costs: the Dockerfile's CMD, without npm and the freshness check.
        const deployed = `${kind} existing data, N = ${N}, deployed command`;
        footprints[deployed] = await measureStart(env, port, { command: 'deployed' });
        console.log(`start on existing data, deployed command: ${mib(footprints[deployed])}`);
      }

      const server = await startServer(env, port, { compiled: true });
      try {
        const rows: Array<Measure & { name: string }> = [];
        const firstPublished = (
          (await (await fetch(`${server.url}/api/comercios`)).json()) as { items: Array<{ id: number }> }
        ).items[0]!.id;
        for (const [name, template] of MIX_ONLY ? [] : ROUTES) {
          const route = template.replace(':published', String(firstPublished));
          await measure(server.url, route, 1); // warm-up
          const m = await measure(server.url, route);
          rows.push({ name, ...m });
          console.log(
            `${name.padEnd(28)} ${String(m.rps).padStart(7)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ${m.bytes} B`,
          );
        }
        const floor = rows[0]?.rps ?? 0;
        for (const r of rows) r.ratio = r.rps / floor;

        const editors = await loadEditors(server, owners, ids);
        // Fill the cache with the mix first, so every row measures a steady state rather than a cold start.
        const warmup = await warmMix(server.url);
        console.log(`mix warm-up: ${warmup.length * WARMUP_STEP} s, hit ratio per step ${warmup.map(pct).join(', ')}`);
        warmups[kind] = warmup;
        const mix: MixRow[] = [];
        for (const [i, rate] of EDIT_RATES.entries()) {
          const floorNow = await measure(server.url, '/api/ping', Math.max(3, Math.round(MIX_DURATION / 4)));
          const before = await cacheStats(server.url);
          const edits = startEdits(server.url, server.url, editors, rate);
          const m = await runMix(server.url, N, MIX_DURATION, CONNECTIONS, 1000 + i);
          const { latencies, failures, lastFailure } = await edits.stop();
          if (lastFailure) console.log(`an edit failed: ${lastFailure}`);
          const after = await cacheStats(server.url);
          const row: MixRow = {
            editsPerSecond: rate,
            rps: m.rps,
            ratio: m.rps / floorNow.rps,
            p50: m.p50,
            p99: m.p99,
            errors: m.errors,
            hitRatio: hitRatioBetween(before, after),
            editP50: latencies.length ? Math.round(median(latencies)) : null,
            edits: latencies.length,
            editFailures: failures,
          };
          mix.push(row);
          console.log(
            `mix, ${rate} edits/s: ${m.rps} req/s = ${pct(row.ratio)} of floor ${floorNow.rps}; p50 ${m.p50} ms p99 ${m.p99} ms; hit ratio ${pct(row.hitRatio)}; edit p50 ${row.editP50} ms (${row.edits} edits, ${failures} failed); cache ${after.entries} entries, ${(after.bytes / 2 ** 20).toFixed(1)} MiB`,
          );
        }
        mixes[kind] = mix;
        if (MIX_ONLY) continue;

        const cold = await measureColdVisits(
          server.url,
          Math.max(5, Math.round(MIX_DURATION / 2)),
          CONNECTIONS,
          server.child.pid,
        );
        console.log(
          `cold home visits: ${cold.visitsPerSecond}/s (${cold.requestsPerVisit} requests each, ${cold.kbPerVisit} kB): ${coldVisitLine(cold)}`,
        );
        const home = await measureHomeBytes(server.url);
        report[kind] = { routes: rows, mix, cold, home };
        md.push(
          `## ${kind}, N = ${N}`,
          '',
          `### Realistic mix (${MIX_DURATION} s per row; ${distinctUrls(N, 10_000)} distinct URLs in the first 10,000 requests)`,
          '',
        );
        md.push(
          '| owner edits/s | req/s | vs floor | p50 ms | p99 ms | cache hit ratio | edit (PUT) p50 ms | errors |',
          '|---:|---:|---:|---:|---:|---:|---:|---:|',
        );
        for (const r of mix)
          md.push(
            `| ${r.editsPerSecond} | ${r.rps} | ${pct(r.ratio)} | ${r.p50} | ${r.p99} | ${pct(r.hitRatio)} | ${r.editP50 ?? '—'} | ${r.errors}${r.editFailures ? ` (+${r.editFailures} failed edits)` : ''} |`,
          );
        md.push(
          '',
          `Hit ratio: answers not computed for their own request (fresh, stale while refreshing, or joining a computation under way) over all public answers. Floor measured just before each row. Before the rows, the mix warmed the cache for ${(warmups[kind]?.length ?? 0) * WARMUP_STEP} s, until its hit ratio stopped rising (per 10 s step: ${(warmups[kind] ?? []).map(pct).join(', ')}).`,
          '',
        );
        md.push(
          `### Cold home-page visits`,
          '',
          `${cold.visitsPerSecond} visits/s: ${cold.requestsPerVisit} requests per visit, ${cold.kbPerVisit} kB transferred per visit, ${cold.errors} errors (the requests a phone-sized Chromium made on a first visit, replayed with its headers). By kind: ${coldVisitLine(cold)}.`,
          '',
        );
        md.push(`### One URL per route (every request after the first is a cache hit)`, '', table(rows), '');
        md.push(
          `Home page data (images excluded): ${home.requests} requests, ${home.transferred} bytes transferred (${home.raw} bytes uncompressed).`,
          '',
        );
      } finally {
        await server.stop();
      }
      // The cost of counting views (issue 13): the detail route with the counter on and off.
      const statsCost = await measureStatsCost(env, port, DURATION, CONNECTIONS, STATS_ROUNDS);
      console.log(statsCostLine(statsCost));
      (report[kind] as Record<string, unknown>).statsCost = statsCost;
      // Server-rendered pages (issue 11, ADR 021): cache hits and misses against the floor, and their bytes.
      const ssr = await measureSsrCost(env, port, DURATION, CONNECTIONS);
      console.log(ssrCostTable(ssr));
      (report[kind] as Record<string, unknown>).ssr = ssr;
      md.push(
        '### Server-rendered pages (cache hit: public cache on; miss: `PUBLIC_CACHE_TTL_MS=0`)',
        '',
        ssrCostTable(ssr),
        '',
      );
      // Issue 34: a restart or a deploy under traffic, the cache empty and the mix at once.
      if (COLD_START_DURATION > 0) {
        console.log(`\n== ${kind}: the mix on an empty cache, per 10 s`);
        const coldStart = await measureColdStart(env, N, {
          port,
          connections: CONNECTIONS,
          duration: COLD_START_DURATION,
        });
        (report[kind] as Record<string, unknown>).coldStart = coldStart;
        md.push(
          '### The realistic mix on an empty cache (a restart under traffic)',
          '',
          ...coldStartTable(coldStart),
          '',
        );
      }
      md.push(
        '### Counting views on the detail route',
        '',
        `${statsCostLine(statsCost)} (\`${statsCost.route}\`, browser user agent, one visitor: every request is hashed and deduped in memory).`,
        '',
      );
    } finally {
      await target.cleanup();
    }
  }
  if (MIX_ONLY) return;
  report.footprints = footprints;
  md.push(
    '## Start and memory (`npm start` process group: npm and node, which the start script execs; "deployed command": the Dockerfile\'s CMD, node alone)',
    '',
    '| case | start to healthy | peak RSS | idle RSS (group) | idle RSS (node) |',
    '|---|---:|---:|---:|---:|',
  );
  for (const [name, f] of Object.entries(footprints))
    md.push(`| ${name} | ${f.startMs} ms | ${f.peakGroupMiB} MiB | ${f.idleGroupMiB} MiB | ${f.idleServerMiB} MiB |`);
  md.push('', ...BASELINE_MD);

  if (SWEEP.length) {
    // Scale sweep: the database's own work (cache off), lista, search and "Promos de hoy" at growing N, and the
    // plan of the Hoy list (it must walk today's per-weekday partial index).
    const sweepKind: BenchDatabase['kind'] = SERVER_URL ? 'postgres' : 'pglite';
    let searchRows: string[] = [];
    const sweep: Array<{
      n: number;
      lista: Measure;
      search: Measure;
      near: Measure;
      hoy: Measure[];
      hoyPlans: HoyPlan[];
    }> = [];
    for (const n of SWEEP) {
      console.log(`\n== sweep on ${sweepKind}, N = ${n}: loading…`);
      // Named by process: two developers sweeping on one server must not drop each other's database.
      const target = await prepareBenchDatabase(sweepKind, n, SERVER_URL, `vidriera_sweep_${n}_${process.pid}`);
      const server = await startServer({ ...target.env, PUBLIC_CACHE_TTL_MS: '0' }, port, { compiled: true });
      try {
        await measure(server.url, '/api/comercios', 1);
        const lista = await measure(server.url, '/api/comercios');
        const search = await measure(server.url, '/api/comercios?q=panaderia');
        const near = await measure(server.url, NEAR_ME);
        const hoy: Measure[] = [];
        for (const [, route] of HOY_ROUTES) hoy.push(await measure(server.url, route));
        await server.stop();
        // The server has closed the database (PGlite allows one process): the plan is read after it.
        const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dir });
        const hoyPlans = await explainHoy(database.db, new Date()).finally(() => database.close());
        sweep.push({ n, lista, search, near, hoy, hoyPlans });
        // Issue 30's searches and Promociones filters at the largest N on PostgreSQL, cache off (ADR 047).
        if (sweepKind === 'postgres' && n === Math.max(...SWEEP) && SEARCH_SWEEP && target.url)
          searchRows = searchSweepMd(
            await searchSweep({ databaseUrl: target.url, port, duration: 2 * DURATION, connections: CONNECTIONS }),
          );
        console.log(
          `N=${n}: lista p50 ${lista.p50} ms (${lista.rps} req/s), search p50 ${search.p50} ms (${search.rps} req/s), ` +
            `near-me p50 ${near.p50} ms (${near.rps} req/s), ` +
            hoy.map((m, i) => `${HOY_ROUTES[i]![0]} p50 ${m.p50} ms (${m.rps} req/s)`).join(', '),
        );
        for (const plan of hoyPlans) console.log(hoyPlanLine(n, plan));
      } finally {
        await server.stop();
        await target.cleanup();
      }
    }
    report.sweep = {
      kind: sweepKind,
      cache: 'off',
      points: sweep.map(({ hoyPlans, ...s }) => ({ ...s, hoyPlans: hoyPlans.map(({ plan: _plan, ...p }) => p) })),
    };
    md.push(
      `## Scale sweep on ${sweepKind} (public cache off: the queries themselves)`,
      '',
      '| N | lista p50 ms | lista req/s | search p50 ms | search req/s | cerca mío p50 ms | cerca mío req/s | hoy p50 ms | hoy + category + locality p50 ms |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const s of sweep)
      md.push(
        `| ${s.n} | ${s.lista.p50} | ${s.lista.rps} | ${s.search.p50} | ${s.search.rps} | ${s.near.p50} | ${s.near.rps} | ${s.hoy[0]?.p50} | ${s.hoy[1]?.p50} |`,
      );
    if (searchRows.length)
      md.push(
        '',
        `Searches at N = ${Math.max(...SWEEP)} (cache off; CPU per request of the server and its PostgreSQL backends):`,
        '',
        ...searchRows,
      );
    md.push('', '"Promos de hoy" plans (EXPLAIN ANALYZE of the first page):', '');
    for (const s of sweep) for (const plan of s.hoyPlans) md.push(`- ${hoyPlanLine(s.n, plan)}`);
    md.push('');
    if (OPINIONES) {
      const opiniones = await opinionRows(port);
      report.opiniones = opiniones.json;
      md.push(...opiniones.md);
    }
  }

  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify(report, null, 2) + '\n');
  await writeFile(path.join(ROOT, 'bench/results/latest.md'), md.join('\n') + '\n');
  console.log('\nwritten to bench/results/latest.{json,md}');
}

/**
 * The business page and the "Mejor valorados" grid with opinions (issue 29), cache off, on the sweep's database;
 * written to bench/results/opiniones.{json,md} with the plans of their statements.
 */
async function opinionRows(port: number) {
  const result = await benchOpiniones({
    kind: SERVER_URL ? 'postgres' : 'pglite',
    serverUrl: SERVER_URL,
    port,
    n: OPINIONES_N,
    opinionCount: OPINIONES,
    duration: DURATION,
    connections: CONNECTIONS,
    note: NOTE,
  });
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  const title = `# Opinions benchmark (${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version})`;
  await writeFile(path.join(ROOT, 'bench/results/opiniones.json'), JSON.stringify(result.json, null, 2) + '\n');
  await writeFile(path.join(ROOT, 'bench/results/opiniones.md'), [title, '', ...result.md].join('\n') + '\n');
  console.log('\nwritten to bench/results/opiniones.{json,md}');
  return result;
}

await main();
