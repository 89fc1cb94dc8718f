/**
 * Issue 30's search rows at scale: each search (and the Promociones filters) with the public cache off, from
 * BENCH_CONNECTIONS connections for BENCH_SEARCH_DURATION s, with p50/p99 and the CPU a request costs the server
 * process and its PostgreSQL backends (bench/cpu-per-request.ts's method, /proc ticks), then EXPLAIN (ANALYZE,
 * BUFFERS) of the statements each runs, with the indexes they read. `npm run bench` runs it at the sweep's largest
 * N on PostgreSQL; alone, on a database already loaded with bench/load-dataset.ts (loading 100,000 takes minutes):
 * `DATABASE_URL=postgres://…/vidriera_bench100k tsx bench/search-sweep.ts [out.md]` (`npm run build` first: it
 * runs the compiled server). Rows whose endpoint or parameter the server does not have yet print
 * "endpoint not present" and are skipped.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { searchTerms } from '#shared/busqueda';
import { comercioListQuery, promocionListQuery, type PromocionListQuery } from '#shared/schemas/queries';
import { openDatabase, queryRows, type Db } from '#server/db/client';
import { publishedWhere } from '#server/comercios/published';
import { COMERCIO_PAGE_SIZE } from '#shared/constants';
import { fuzzySearchQuery, rankedSearchQuery, SEARCH_RANKS } from '#server/comercios/public-service';
import { FUZZY_THRESHOLD } from '#server/comercios/busqueda';
import { promocionesPageQuery } from '#server/promociones/public-service';
import { startServer } from '#test/server/server-process';
import { ticks, TICKS_PER_MS } from './proc-ticks';

export interface SearchRow {
  name: string;
  route: string;
  /** Why the row was not measured ("endpoint not present"). */
  skipped?: string;
  p50?: number;
  p99?: number;
  /** One connection: the latency of the statement itself, without the queue of fifty. */
  p50One?: number;
  p99One?: number;
  rps?: number;
  requests?: number;
  non2xx?: number;
  nodeCpuMs?: number;
  pgCpuMs?: number;
}

interface RowSpec {
  name: string;
  route: string;
  /** The statements the route runs, as the service builds them (null: no builder known to the bench). */
  explain: ((db: Db, now: Date) => Promise<Plan[]>) | null;
  /** Whether this server knows the route or parameter (rows of work in progress are skipped until it does). */
  present?: (base: string) => Promise<boolean>;
}

export interface Plan {
  label: string;
  text: string;
  indexes: string[];
  seqScan: boolean;
  executionMs: number | null;
}

const q = (words: string) => `/api/comercios?q=${encodeURIComponent(words)}`;

/** The matching search's statement as the app runs it (its transaction's settings), and the fuzzy one if empty. */
async function explainSearch(db: Db, now: Date, words: string): Promise<Plan[]> {
  const terms = searchTerms(words);
  const filters = [publishedWhere(now)];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    // The ranks run one after another until the page is full, as rankedSearchRows does.
    const plans: Plan[] = [];
    let wanted = COMERCIO_PAGE_SIZE + 1;
    for (const rank of SEARCH_RANKS) {
      let found = 0;
      for (const how of rank === 2 ? (['sort'] as const) : (['walk', 'sort'] as const)) {
        const statement = rankedSearchQuery(rank, terms, filters, now, wanted, how);
        plans.push(await explain(tx, `search "${words}", rank ${rank}, ${how}`, statement));
        found = (await queryRows(tx, statement)).length;
        if (found === wanted) break;
      }
      wanted -= found;
      if (wanted === 0) break;
    }
    if (wanted === COMERCIO_PAGE_SIZE + 1) {
      // Nothing matched as typed: the typo-forgiving statement runs, sequential scans priced out (optionalFuzzy).
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
      plans.push(await explain(tx, `fuzzy "${words}"`, fuzzySearchQuery(terms, filters, 12)));
    }
    return plans;
  });
}

async function explain(db: Db, label: string, statement: SQL): Promise<Plan> {
  const rows = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
  const text = rows.map((r) => Object.values(r)[0]).join('\n');
  return {
    label,
    text,
    indexes: [...new Set([...text.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1]!))],
    seqScan: /Seq Scan on/.test(text),
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN) || null,
  };
}

const searchRow = (name: string, words: string): RowSpec => ({
  name,
  route: q(words),
  explain: (db, now) => explainSearch(db, now, words),
});

/** A Promociones list row: the page query's plan, when the list's schema knows the parameter. */
function promoRow(name: string, params: Record<string, string>): RowSpec {
  const parsed = () => promocionListQuery.safeParse(params);
  return {
    name,
    route: `/api/promociones?${new URLSearchParams(params)}`,
    present: async () => {
      const result = parsed();
      return (
        result.success && Object.keys(params).every((k) => (result.data as Record<string, unknown>)[k] !== undefined)
      );
    },
    explain: async (db, now) => {
      const query = parsed().data as PromocionListQuery;
      return [await explain(db, name, promocionesPageQuery(db, query, now).getSQL())];
    },
  };
}

export const SEARCH_ROWS: RowSpec[] = [
  searchRow('common word "pan"', 'pan'),
  searchRow('"promo"', 'promo'),
  searchRow('"descuento"', 'descuento'),
  searchRow('"2x1"', '2x1'),
  searchRow('"delivery"', 'delivery'),
  searchRow('"san martin"', 'san martin'),
  searchRow('rare word "tintoreria"', 'tintoreria'),
  searchRow('two words "panaderia godoy"', 'panaderia godoy'),
  searchRow('typo "pizeria"', 'pizeria'),
  searchRow('no match "sushi" (fuzzy runs)', 'sushi'),
  searchRow('six common words', 'promo descuento 2x1 en toda la'),
  {
    name: 'suggestion prefix "pa"',
    route: '/api/sugerencias?q=pa',
    explain: null,
    // An unknown /api path is not a JSON answer of this route (the server's not-found page or a 404).
    present: async (base) => {
      const res = await fetch(`${base}/api/sugerencias?q=pa`, { headers: { accept: 'application/json' } });
      return res.ok && (res.headers.get('content-type') ?? '').includes('application/json');
    },
  },
  {
    name: '"Abierto ahora"',
    route: '/api/comercios?abierto=1',
    explain: null,
    // Unknown parameters are dropped by the list's schema: the row waits until the schema keeps it.
    present: async () => {
      const result = comercioListQuery.safeParse({ abierto: '1' });
      return result.success && (result.data as Record<string, unknown>).abierto !== undefined;
    },
  },
  promoRow('Promociones pago=modo', { pago: 'modo' }),
  promoRow('Promociones pago=transferencia (rarer)', { pago: 'transferencia' }),
  promoRow('Promociones banco=nacion', { banco: 'nacion' }),
  promoRow('Promociones banco=galicia&pago=credito', { banco: 'galicia', pago: 'credito' }),
];

/**
 * Measures every row against a compiled server (public cache off) on `databaseUrl` (PostgreSQL: its backends'
 * CPU is read from /proc, so the server must run on this machine), then takes the plans. `only` picks rows by
 * name (substring).
 */
export async function searchSweep(options: {
  databaseUrl: string;
  port?: number;
  duration: number;
  connections: number;
  only?: string[];
  explainPlans?: boolean;
}): Promise<{ rows: SearchRow[]; plans: Array<{ name: string; plans: Plan[] }> }> {
  const specs = SEARCH_ROWS.filter((r) => !options.only?.length || options.only.some((o) => r.name.includes(o)));
  const monitor = await openDatabase({ databaseUrl: options.databaseUrl });
  const backends = async () =>
    (
      await queryRows<{ pid: number }>(
        monitor.db,
        sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).map((r) => Number(r.pid));
  const rows: SearchRow[] = [];
  const server = await startServer({ DATABASE_URL: options.databaseUrl, PUBLIC_CACHE_TTL_MS: '0' }, options.port, {
    compiled: true,
  });
  try {
    for (const spec of specs) {
      if (spec.present && !(await spec.present(server.url))) {
        rows.push({ name: spec.name, route: spec.route, skipped: 'endpoint not present' });
        console.log(`${spec.name.padEnd(40)} endpoint not present (skipped)`);
        continue;
      }
      const fire = (duration: number, connections = options.connections) =>
        autocannon({
          url: server.url + spec.route,
          connections,
          duration,
          headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' },
        });
      await fire(2); // warm-up: JIT, the pool's connections, PostgreSQL's caches
      const pids = await backends();
      const before = await Promise.all([server.child.pid!, ...pids].map(ticks));
      const result = await fire(options.duration);
      const later = await backends();
      const after = await Promise.all([server.child.pid!, ...pids].map(ticks));
      // A backend the pool opened during the run counts whole (its start-up is part of the load).
      const fresh = await Promise.all(later.filter((p) => !pids.includes(p)).map(ticks));
      const nodeMs = (after[0]! - before[0]!) / TICKS_PER_MS;
      const pgMs =
        (after.slice(1).reduce((s, t, i) => s + t - before[i + 1]!, 0) + fresh.reduce((s, t) => s + t, 0)) /
        TICKS_PER_MS;
      const one = await fire(Math.max(3, Math.round(options.duration / 3)), 1);
      const n = Math.max(1, result.requests.total);
      const row: SearchRow = {
        name: spec.name,
        route: spec.route,
        p50: result.latency.p50,
        p99: result.latency.p99,
        p50One: one.latency.p50,
        p99One: one.latency.p99,
        rps: Math.round(result.requests.average),
        requests: result.requests.total,
        non2xx: result.non2xx + result.errors + one.non2xx + one.errors,
        nodeCpuMs: Math.round((nodeMs / n) * 100) / 100,
        pgCpuMs: Math.round((pgMs / n) * 100) / 100,
      };
      rows.push(row);
      console.log(
        `${spec.name.padEnd(40)} p50 ${row.p50} ms  p99 ${row.p99} ms  ${row.rps} req/s  one connection p50 ${row.p50One} ms p99 ${row.p99One} ms  non-2xx ${row.non2xx}  ` +
          `CPU/request: PostgreSQL ${row.pgCpuMs} ms, node ${row.nodeCpuMs} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  const plans: Array<{ name: string; plans: Plan[] }> = [];
  if (options.explainPlans !== false) {
    try {
      await monitor.db.execute(sql`ANALYZE`);
      const now = new Date();
      for (const spec of specs) {
        if (!spec.explain || rows.find((r) => r.name === spec.name)?.skipped) continue;
        plans.push({ name: spec.name, plans: await spec.explain(monitor.db, now) });
      }
    } finally {
      await monitor.close();
    }
  } else await monitor.close();
  return { rows, plans };
}

/** The rows as a Markdown table, and each plan in full under its name. */
export function searchSweepMd(result: Awaited<ReturnType<typeof searchSweep>>): string[] {
  const md = [
    '| search | p50 ms | p99 ms | req/s | one conn. p50 ms | one conn. p99 ms | non-2xx | PostgreSQL CPU ms/request | node CPU ms/request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of result.rows)
    md.push(
      r.skipped
        ? `| ${r.name} (\`${r.route}\`) | ${r.skipped} | | | | | | | |`
        : `| ${r.name} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.p50One} | ${r.p99One} | ${r.non2xx} | ${r.pgCpuMs} | ${r.nodeCpuMs} |`,
    );
  if (result.plans.length) {
    md.push('', '### Plans (EXPLAIN (ANALYZE, BUFFERS), one run each, after ANALYZE)', '');
    for (const { name, plans } of result.plans)
      for (const p of plans)
        md.push(
          `#### ${name}: ${p.label}: reads ${p.indexes.join(', ') || 'no index'}${p.seqScan ? ', SEQ SCAN' : ''}, ${p.executionMs ?? '?'} ms`,
          '',
          '```',
          p.text,
          '```',
          '',
        );
  }
  return md;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must name a PostgreSQL database loaded with bench/load-dataset.ts');
  const out = process.argv[2];
  const load = os.loadavg().map((l) => l.toFixed(1));
  const result = await searchSweep({
    databaseUrl,
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    duration: Number(process.env.BENCH_SEARCH_DURATION ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    only: process.env.BENCH_SEARCH_ONLY ? process.env.BENCH_SEARCH_ONLY.split(',') : undefined,
    explainPlans: process.env.BENCH_SEARCH_EXPLAIN !== 'false',
  });
  const md = [
    `Load average at the start ${load.join(' / ')}, at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ${os.cpus().length} × ${os.cpus()[0]?.model}.`,
    '',
    ...searchSweepMd(result),
  ];
  if (out) await writeFile(out, md.join('\n') + '\n');
  else console.log(md.join('\n'));
}
