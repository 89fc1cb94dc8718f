/**
 * `tsx bench/cpu-per-request.ts [route ...]` — CPU time one request costs, which a busy machine does not blur the
 * way it blurs latency: starts the compiled server (`npm run build` first) on DATABASE_URL (a database loaded
 * with bench/load-dataset.ts) with the public cache off, sends each route BENCH_REQUESTS times (2,000) from
 * BENCH_CONNECTIONS (50) connections, and divides the CPU the server process and its PostgreSQL backends used
 * (user + system, from /proc) by the requests. Linux only. Default routes: the plain list, "Cerca mío" and
 * "Cerca mío" with a category. BENCH_PORT picks the server's port; BENCH_SERVER_ROOT runs another checkout's build
 * (an A/B of two builds in alternating runs).
 */
import autocannon from 'autocannon';
import { queryRows, openDatabase } from '#server/db/client';
import { startServer } from '#test/server/server-process';
import { sql } from 'drizzle-orm';
import { ticks, TICKS_PER_MS } from './proc-ticks';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL must name a PostgreSQL database loaded with bench/load-dataset.ts');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      '/api/comercios',
      '/api/comercios?lat=-32.925&lng=-68.844',
      `/api/comercios?lat=-32.925&lng=-68.844&categoria=${encodeURIComponent('Panadería')}`,
    ];

const monitor = await openDatabase({ databaseUrl });
const backends = async () =>
  (
    await queryRows<{ pid: number }>(
      monitor.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
  ).map((r) => Number(r.pid));

const server = await startServer({ DATABASE_URL: databaseUrl, PUBLIC_CACHE_TTL_MS: '0' }, undefined, {
  compiled: true,
  root: process.env.BENCH_SERVER_ROOT,
});
try {
  for (const route of routes) {
    const fire = (amount: number) =>
      autocannon({
        url: server.url + route,
        connections: CONNECTIONS,
        amount,
        headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' },
      });
    await fire(500); // warm: JIT, the pool's connections, PostgreSQL's caches
    const pids = await backends();
    const before = await Promise.all([server.child.pid!, ...pids].map(ticks));
    const result = await fire(REQUESTS);
    const later = await backends();
    const after = await Promise.all([server.child.pid!, ...pids].map(ticks));
    // A backend the pool opened during the run counts whole (its start-up is part of the load).
    const fresh = await Promise.all(later.filter((p) => !pids.includes(p)).map(ticks));
    const nodeMs = (after[0]! - before[0]!) / TICKS_PER_MS;
    const pgMs =
      (after.slice(1).reduce((s, t, i) => s + t - before[i + 1]!, 0) + fresh.reduce((s, t) => s + t, 0)) / TICKS_PER_MS;
    const n = result.requests.total;
    console.log(
      `${route}\n  ${n} requests (${result.non2xx} non-2xx), p50 ${result.latency.p50} ms, ${Math.round(result.requests.average)} req/s (under load); ` +
        `CPU per request: node ${(nodeMs / n).toFixed(3)} ms + PostgreSQL ${(pgMs / n).toFixed(3)} ms = ${((nodeMs + pgMs) / n).toFixed(3)} ms`,
    );
  }
} finally {
  await server.stop();
  await monitor.close();
}
