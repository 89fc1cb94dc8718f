/**
 * `tsx bench/seo-cost.ts` (after `npm run build`): what the crawler-facing routes cost on the compiled server
 * (ADR 022). A synthetic city of BENCH_N businesses (100,000) on the PostgreSQL server when DATABASE_URL is
 * set, else on PGlite. Measures:
 * - sitemap.xml and each page: first answer (built from the database) and a repeat (public cache), bytes;
 * - the link-preview image: first answer (rendered by sharp) and repeats (memory), req/s of repeats against
 *   the floor route (/api/ping) with autocannon.
 * Writes bench/results/seo.md. Single-request times on a shared machine are noisy: read them as orders of size.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { ogImagePath } from '#shared/seo/og';
import type { ComercioDetalle } from '#shared/api';
import { openDatabase, queryRows } from '#server/db/client';
import { ROOT, startServer } from '#test/server/server-process';
import { prepareBenchDatabase } from './databases';

const N = Number(process.env.BENCH_N ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const SERVER_URL = process.env.DATABASE_URL ?? '';
const PORT = Number(process.env.BENCH_PORT ?? 3610);

async function timed(url: string): Promise<{ ms: number; bytes: number; gzip: number; status: number; body: Buffer }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - t, bytes: body.length, gzip: gzipSync(body).length, status: res.status, body };
}

async function rps(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const r = await autocannon({ url, connections: 20, duration: DURATION });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const kind = SERVER_URL ? 'postgres' : 'pglite';
console.log(`loading ${N} businesses into ${kind}…`);
const t0 = performance.now();
const db = await prepareBenchDatabase(kind, N, SERVER_URL, `vidriera_bench_seo_${N}`);
console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const server = await startServer({ ...db.env, NODE_ENV: 'production', SEED_SAMPLE_DATA: 'false' }, PORT, {
  compiled: true,
});
const lines: string[] = [];
const out = (s: string) => {
  console.log(s);
  lines.push(s);
};
try {
  const base = server.url;
  out(`# Crawler routes at ${N.toLocaleString('en')} businesses (${kind}, compiled server)\n`);
  out(`${new Date().toISOString()} · ${process.env.BENCH_NOTE ?? 'shared 2-core machine, other developers running'}\n`);

  out('| sitemap | first answer ms | repeat ms | URLs | bytes | gzip bytes |');
  out('|---|---:|---:|---:|---:|---:|');
  const index = await timed(`${base}/sitemap.xml`);
  const again = await timed(`${base}/sitemap.xml`);
  const pages = [...index.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  out(
    `| sitemap.xml | ${index.ms.toFixed(0)} | ${again.ms.toFixed(1)} | ${pages.length} | ${index.bytes} | ${index.gzip} |`,
  );
  for (const loc of pages) {
    const url = `${base}${new URL(loc).pathname}`;
    const first = await timed(url);
    const repeat = await timed(url);
    const urls = (first.body.toString().match(/<url>/g) ?? []).length;
    out(
      `| ${new URL(loc).pathname} | ${first.ms.toFixed(0)} | ${repeat.ms.toFixed(1)} | ${urls} | ${first.bytes} | ${first.gzip} |`,
    );
  }

  // Businesses with a photo, as a visitor's page carries them (the preview URL comes from their detail).
  const database = await openDatabase(db.url ? { databaseUrl: db.url } : { dataDir: db.dir! });
  const ids = await queryRows<{ id: number }>(
    database.db,
    sql`SELECT id FROM comercios WHERE pago_status AND fecha_pago > now() - interval '29 days' AND oculto_motivo IS NULL AND imagen IS NOT NULL ORDER BY id LIMIT 5`,
  );
  await database.close();
  out('\n| link preview | first answer ms (rendered) | repeat ms (memory) | bytes |');
  out('|---|---:|---:|---:|');
  let hitUrl = '';
  for (const { id } of ids) {
    const detalle = (await (await fetch(`${base}/api/comercios/${id}`)).json()) as ComercioDetalle;
    hitUrl = `${base}${ogImagePath(detalle)}`;
    const first = await timed(hitUrl);
    const repeat = await timed(hitUrl);
    if (first.status !== 200) throw new Error(`preview ${id} answered ${first.status}`);
    out(`| comercio ${id} | ${first.ms.toFixed(0)} | ${repeat.ms.toFixed(1)} | ${first.bytes} |`);
  }
  const floor = await rps(`${base}/api/ping`);
  const hits = await rps(hitUrl);
  out('\n| route (autocannon, 20 connections) | req/s | p99 ms | errors |');
  out('|---|---:|---:|---:|');
  out(`| floor /api/ping | ${floor.rps} | ${floor.p99} | ${floor.errors} |`);
  out(
    `| preview, memory hit | ${hits.rps} (${Math.round((hits.rps / floor.rps) * 100)}% of floor) | ${hits.p99} | ${hits.errors} |`,
  );
  await writeFile(path.join(ROOT, 'bench/results/seo.md'), `${lines.join('\n')}\n`);
} finally {
  await server.stop();
  await db.cleanup();
}
