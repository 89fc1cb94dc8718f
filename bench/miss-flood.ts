/**
 * One address buying the server with misses (issue 34, ADR 048): the compiled server on a loaded database behind a
 * trusted proxy (TRUST_PROXY=127.0.0.1, each request's X-Forwarded-For its client), the realistic mix (bench/mix.ts)
 * from 250 visitor addresses at a fixed rate, and then, alongside it, one address asking as fast as it can for
 * distinct uncached URLs (random search words). Printed: the visitors' p50/p99 alone and during the flood, and what
 * the flood got (answers, 429s), with the miss budget at its default and off (a limit nobody reaches), in
 * alternating rounds. `DATABASE_URL=… npx tsx bench/miss-flood.ts` on a database loaded with bench/load-dataset.ts
 * (BENCH_N must match it). Knobs: BENCH_ROUNDS (2), BENCH_VISITOR_RATE (300 req/s), BENCH_FLOOD_CONNECTIONS (50),
 * BENCH_FLOOD_DURATION (20 s), BENCH_WARMUP (30 s of the mix first), BENCH_BUDGETS (off,default), BENCH_PORT,
 * BENCH_SERVER_ROOT, BENCH_OUT (a markdown file to append the table to).
 */
import { appendFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { startServer } from '#test/server/server-process';
import { mixGenerator, rng } from './mix';

const N = Number(process.env.BENCH_N ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const VISITOR_RATE = Number(process.env.BENCH_VISITOR_RATE ?? 300);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50);
const FLOOD_DURATION = Number(process.env.BENCH_FLOOD_DURATION ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
/** BENCH_BUDGETS=default: only the rounds with the shipped budget (an A/B of two builds), else off and default. */
const BUDGETS = (['off', 'default'] as const).filter((b) => process.env.BENCH_BUDGETS?.split(',').includes(b) ?? true);
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const FLOODER = '198.51.100.66';

interface Visitors {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
}

/** The realistic mix at a fixed rate, each request from one of 250 addresses. */
function visitors(base: string, duration: number, seed: number): Promise<Visitors> {
  const next = mixGenerator(N, seed);
  let k = 0;
  return autocannon({
    url: base,
    connections: 20,
    overallRate: VISITOR_RATE,
    duration,
    headers: HEADERS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: next(),
          headers: { ...req.headers, 'x-forwarded-for': `203.0.113.${(k++ % 250) + 1}` },
        }),
      },
    ],
  }).then((r) => ({
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    // 404s are part of the mix (unpublished businesses' pages).
    non2xx: r['4xx'] - (r.statusCodeStats?.['404']?.count ?? 0) + r['5xx'],
  }));
}

/** One address, distinct random search words as fast as its connections go. */
function flood(base: string, duration: number, seed: number) {
  const rand = rng(seed);
  const word = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
  return autocannon({
    url: base,
    connections: FLOOD_CONNECTIONS,
    duration,
    headers: { ...HEADERS, 'x-forwarded-for': FLOODER },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/comercios?q=${word()}` }) }],
  }).then((r) => ({
    rps: Math.round(r.requests.average),
    ok: r['2xx'],
    refused: r.statusCodeStats?.['429']?.count ?? 0,
  }));
}

interface Row {
  budget: string;
  round: number;
  alone: Visitors;
  during: Visitors;
  flood: { rps: number; ok: number; refused: number };
}

async function round(budget: 'default' | 'off', i: number): Promise<Row> {
  const databaseUrl = process.env.DATABASE_URL!;
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1' };
  // Unset: the shipped default. startServer lifts it for the other benchmarks, so it is set explicitly here.
  env.PUBLIC_MISS_LIMIT_PER_MINUTE = budget === 'off' ? '10000000' : '';
  const server = await startServer(env, process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined, {
    compiled: true,
    root: process.env.BENCH_SERVER_ROOT,
  });
  try {
    await visitors(server.url, WARMUP, 7 + i);
    const alone = await visitors(server.url, 10, 100 + i);
    const [during, flooded] = await Promise.all([
      visitors(server.url, FLOOD_DURATION, 200 + i),
      flood(server.url, FLOOD_DURATION, 300 + i),
    ]);
    const row = { budget, round: i, alone, during, flood: flooded };
    console.log(line(row));
    return row;
  } finally {
    await server.stop();
  }
}

const line = (r: Row) =>
  `budget ${r.budget.padEnd(7)} round ${r.round}: visitors alone p50 ${r.alone.p50} ms p99 ${r.alone.p99} ms (${r.alone.rps} req/s); ` +
  `during the flood p50 ${r.during.p50} ms p99 ${r.during.p99} ms (${r.during.rps} req/s, ${r.during.non2xx} refused or failed); ` +
  `flood ${r.flood.rps} req/s, ${r.flood.ok} answered, ${r.flood.refused} refused (429)`;

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must name a database loaded with bench/load-dataset.ts');
const rows: Row[] = [];
for (let i = 1; i <= ROUNDS; i++) for (const budget of BUDGETS) rows.push(await round(budget, i));
const md = [
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' / ',
    )}. Visitors: the realistic mix at ${VISITOR_RATE} req/s from 250 addresses (20 connections), after ${WARMUP} s of it to warm the cache; flood: ${FLOOD_CONNECTIONS} connections from one address, random 7-letter search words, ${FLOOD_DURATION} s.`,
  '',
  '| miss budget | round | visitors alone p50 / p99 ms | during the flood p50 / p99 ms | visitors refused or failed | flood req/s | flood answered | flood refused (429) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.budget === 'off' ? 'off' : 'default'} | ${r.round} | ${r.alone.p50} / ${r.alone.p99} | ${r.during.p50} / ${r.during.p99} | ${r.during.non2xx} | ${r.flood.rps} | ${r.flood.ok} | ${r.flood.refused} |`,
  ),
  '',
];
console.log(md.join('\n'));
if (process.env.BENCH_OUT) await appendFile(process.env.BENCH_OUT, md.join('\n') + '\n');
