/**
 * Issue 29's benchmark rows: the business page and the "Mejor valorados" grid on a city with opinions (N
 * businesses, BENCH_OPINIONES opinions with the ratings computed from them), public cache off
 * (`PUBLIC_CACHE_TTL_MS=0`: the queries themselves), at the sweep's connections and at one connection (what a
 * single visitor waits, without queueing behind the others). On PostgreSQL it also prints the plans
 * (EXPLAIN ANALYZE) of every statement the two answers run, captured from the service functions themselves so
 * they are the server's own SQL. Run alone with `BENCH_OPINIONES_ONLY=true npm run bench`.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { ORDEN_VALORADOS, comercioListQuery } from '#shared/schemas/queries';
import { comercioPath } from '#shared/seo/slug';
import { openDatabase, queryRows, type Database } from '#server/db/client';
import { getComercioDetalle, listPublishedComercios } from '#server/comercios/public-service';
import { publishedWhere } from '#server/comercios/published';
import { startServer } from '#test/server/server-process';
import { sql } from 'drizzle-orm';
import { prepareBenchDatabase, type BenchDatabase } from './databases';

interface OpinionRow {
  name: string;
  route: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

interface Plan {
  answer: string;
  statement: string;
  plan: string;
}

async function run(url: string, duration: number, connections: number, accept: string) {
  const r = await autocannon({
    url,
    connections,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br', accept },
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
    errors: r.errors + r.non2xx,
  };
}

/** A published business with the most visible opinions, and one with the median count among those with some. */
async function pickBusinesses(database: Database, now: Date) {
  const rows = await queryRows<{ id: number; nombre: string; n: number }>(
    database.db,
    sql`SELECT id, nombre, opiniones_count AS n FROM comercios
        WHERE ${publishedWhere(now)} AND opiniones_count > 0
        ORDER BY opiniones_count DESC, id`,
  );
  return { most: rows[0]!, median: rows[Math.floor(rows.length / 2)]! };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement `answer` sends, captured on the pool as it runs (PostgreSQL). */
async function explainAnswer(database: Database, answer: string, call: () => Promise<unknown>): Promise<Plan[]> {
  const pool = database.pool!;
  const captured: Array<{ text: string; values: unknown[] }> = [];
  const original = pool.query.bind(pool);
  const capture = (config: unknown, values?: unknown) => {
    const c = config as { text?: string; values?: unknown[] } | string;
    if (typeof c === 'string') captured.push({ text: c, values: (values as unknown[]) ?? [] });
    // Drizzle passes the text in a config object and the values beside it.
    else if (c.text) captured.push({ text: c.text, values: c.values ?? (values as unknown[]) ?? [] });
    return (original as (a: unknown, b?: unknown) => unknown)(config, values);
  };
  pool.query = capture as typeof pool.query;
  try {
    await call();
  } finally {
    pool.query = original;
  }
  const plans: Plan[] = [];
  for (const { text, values } of captured) {
    const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    plans.push({
      answer,
      statement: text,
      plan: result.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n'),
    });
  }
  return plans;
}

export async function benchOpiniones(opts: {
  kind: BenchDatabase['kind'];
  serverUrl: string;
  port: number;
  n: number;
  opinionCount: number;
  duration: number;
  connections: number;
  note: string;
}): Promise<{ md: string[]; json: Record<string, unknown> }> {
  const { kind, n, opinionCount, duration, connections } = opts;
  const load = os.loadavg();
  console.log(`\n== opinions on ${kind}, N = ${n}, ${opinionCount} opinions: loading…`);
  const target = await prepareBenchDatabase(
    kind,
    n,
    opts.serverUrl,
    `vidriera_bench_op_${n}_${process.pid}`,
    opinionCount,
  );
  try {
    const now = new Date();
    const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dir });
    let picked: Awaited<ReturnType<typeof pickBusinesses>>;
    let plans: Plan[] = [];
    try {
      picked = await pickBusinesses(database, now);
      if (database.kind === 'postgres') {
        // Warm the caches the way the running server has them, then read the plans.
        await getComercioDetalle(database.db, picked.most.id, null, now);
        plans = [
          ...(await explainAnswer(database, `business detail (${picked.most.n} opinions)`, () =>
            getComercioDetalle(database.db, picked.most.id, null, now),
          )),
          ...(await explainAnswer(database, '"Mejor valorados" grid, page 1', () =>
            listPublishedComercios(database.db, comercioListQuery.parse({ orden: ORDEN_VALORADOS }), now),
          )),
        ];
      }
    } finally {
      await database.close();
    }
    const routes: Array<[string, string, string]> = [
      [
        `business detail JSON, ${picked.median.n} opinions (median)`,
        `/api/comercios/${picked.median.id}`,
        'application/json',
      ],
      [
        `business detail JSON, ${picked.most.n} opinions (most)`,
        `/api/comercios/${picked.most.id}`,
        'application/json',
      ],
      [
        `business page HTML (SSR, Opiniones section), ${picked.most.n} opinions`,
        comercioPath(picked.most.id, picked.most.nombre),
        'text/html',
      ],
      ['"Mejor valorados" grid, page 1', `/api/comercios?orden=${ORDEN_VALORADOS}`, 'application/json'],
      ['"Mejor valorados" grid, page 5', `/api/comercios?orden=${ORDEN_VALORADOS}&page=5`, 'application/json'],
      [
        '"Mejor valorados" + category + locality',
        `/api/comercios?orden=${ORDEN_VALORADOS}&categoria=${encodeURIComponent('Panadería')}&localidad=Capital`,
        'application/json',
      ],
    ];
    const rows: OpinionRow[] = [];
    const server = await startServer({ ...target.env, PUBLIC_CACHE_TTL_MS: '0' }, opts.port, { compiled: true });
    try {
      for (const [name, route, accept] of routes) {
        await run(server.url + route, 1, connections, accept); // warm-up
        for (const c of [connections, 1]) {
          const m = await run(server.url + route, duration, c, accept);
          rows.push({ name, route, connections: c, ...m });
          console.log(`${name}, ${c} conn.: ${m.rps} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  ${m.bytes} B`);
        }
      }
    } finally {
      await server.stop();
    }
    const md = [
      `## Opinions on ${kind}: N = ${n} businesses, ${opinionCount} opinions (public cache off)`,
      '',
      `Load average at the start ${load.map((l) => l.toFixed(1)).join(' / ')}, at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' / ',
        )}. ${duration} s per row, autocannon on the same machine as the compiled server; ${connections} connections (the sweep's) and 1 connection (one visitor's wait, no queueing).`,
      ...(opts.note ? ['', opts.note] : []),
      '',
      '| answer | connections | req/s | p50 ms | p99 ms | bytes/resp | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} (\`${r.route}\`) | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.errors} |`,
      ),
      '',
    ];
    if (plans.length) {
      md.push('### Plans (EXPLAIN (ANALYZE, BUFFERS) of each statement, as the service sends it)', '');
      for (const p of plans)
        md.push(`#### ${p.answer}`, '', '```sql', p.statement, '```', '', '```', p.plan, '```', '');
    }
    return {
      md,
      json: {
        kind,
        n,
        opiniones: opinionCount,
        cache: 'off',
        loadAverage: { start: load, end: os.loadavg() },
        rows,
        plans,
      },
    };
  } finally {
    await target.cleanup();
  }
}
