/**
 * `tsx bench/trace-requests.ts` — what one request costs in SQL, not in wall time (which a busy machine blurs):
 * builds the real app in this process on DATABASE_URL (a loaded bench database) or DATA_DIR's PGlite, signs an
 * owner up, gives them a published business, and prints for a few owner edits and a sample of the realistic
 * mix's GETs the queries each ran (count, time, text), and how many cache entries each edit marked stale.
 * Knobs: TRACE_EDITS (5), TRACE_GETS (200 mix requests to fill the cache first), TRACE_VERBOSE (print SQL),
 * TRACE_URLS (comma-separated URLs traced one by one, e.g. "Cerca mío" answers, which the mix does not hold).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '#server/app';
import { createAuth } from '#server/auth/auth';
import { localChanges } from '#server/cache/invalidation';
import { PublicCache } from '#server/cache/public-cache';
import type { ComercioChange } from '#server/cache/scope';
import { loadConfig } from '#server/config';
import { migrateDatabase, openDatabase, queryRows } from '#server/db/client';
import { StatsCounter } from '#server/estadisticas/counter';
import { splitCategorias } from '#shared/categorias';
import { mixGenerator } from './mix';

interface Traced {
  text: string;
  ms: number;
}
let trace: Traced[] = [];

// Every query of the process goes through pg.Client#query (the pool's too) or PGlite#query/exec.
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const started = performance.now();
  const config = args[0] as string | { text: string };
  const text = typeof config === 'string' ? config : config.text;
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    // The pool's own query() passes a callback.
    const callback = args[last] as (...a: unknown[]) => void;
    args[last] = (...cb: unknown[]) => {
      trace.push({ text, ms: performance.now() - started });
      callback(...cb);
    };
  }
  const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function')
    void (result as Promise<unknown>).then(
      () => trace.push({ text, ms: performance.now() - started }),
      () => trace.push({ text: `FAILED ${text}`, ms: performance.now() - started }),
    );
  return result as never;
};

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
});
if (database.kind === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  for (const name of ['query', 'exec'] as const) {
    const original = PGlite.prototype[name] as (...a: unknown[]) => Promise<unknown>;
    (PGlite.prototype as unknown as Record<string, unknown>)[name] = async function (
      this: unknown,
      ...args: unknown[]
    ) {
      const started = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        trace.push({ text: String(args[0]), ms: performance.now() - started });
      }
    };
  }
}
await migrateDatabase(database);
const origin = 'http://localhost:3000';
const config = loadConfig({ NODE_ENV: 'production', SEED_SAMPLE_DATA: 'false', PUBLIC_URL: origin, LOG_LEVEL: 'warn' });
const publicCache = new PublicCache(config.PUBLIC_CACHE_TTL_MS, config.PUBLIC_CACHE_MB * 1024 * 1024);
const local = localChanges(publicCache);
let lastCleared = 0;
const changes = {
  changed: async (list?: ComercioChange[]) => {
    const staleBefore = countStale();
    await local.changed(list);
    lastCleared = countStale() - staleBefore;
  },
  close: local.close,
};
const countStale = () =>
  [...(publicCache as unknown as { entries: Map<string, { invalidated: boolean }> }).entries.values()].filter(
    (e) => e.invalidated,
  ).length;
const now = () => new Date();
const app = await buildApp(
  {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config, 'trace-secret-trace-secret-trace-secret-01'),
    payments: {
      provider: { name: 'sandbox' } as never,
      webhookSecret: null,
      publicKey: null,
      resume: async () => undefined,
      close: () => undefined,
    } as never,
    publicCache,
    changes,
    stats: new StatsCounter({ db: database.db, now, enabled: false }),
    now,
  },
  { webDir: null },
);

const verbose = Boolean(process.env.TRACE_VERBOSE);
const summary = (label: string, items: Traced[], wall: number) => {
  const total = items.reduce((s, t) => s + t.ms, 0);
  console.log(`${label}: ${items.length} queries, ${total.toFixed(1)} ms in SQL, ${wall.toFixed(1)} ms wall`);
  if (verbose)
    for (const t of items)
      console.log(`   ${t.ms.toFixed(1).padStart(7)} ms  ${t.text.replace(/\s+/g, ' ').slice(0, 160)}`);
};

// An owner with a published business.
const email = `trace-${Date.now()}@example.com`;
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { origin },
  payload: { email, password: 'secreto123', name: 'Traza' },
});
const cookie = [signUp.headers['set-cookie']]
  .flat()
  .map((c) => String(c).split(';')[0])
  .join('; ');
const [target] = await queryRows<{ id: number }>(
  database.db,
  sql`SELECT id FROM comercios WHERE pago_status AND fecha_pago > now() - interval '25 days' ORDER BY id LIMIT 1 OFFSET 10`,
);
await database.db.execute(
  sql`UPDATE comercios SET propietario_id = (SELECT id FROM "user" WHERE email = ${email}) WHERE id = ${target!.id}`,
);
const editable = (await app.inject({ url: `/api/comercios/${target!.id}/editar`, headers: { cookie } })).json<
  Record<string, unknown>
>();
const keep = ['nombre', 'telefono', 'direccion', 'localidad', 'descripcion', 'horario', 'horarioDetallado'];
const values: Record<string, unknown> = Object.fromEntries(
  [...keep, 'email', 'whatsapp', 'servicios', 'imagen', 'galeria']
    .filter((k) => k in editable)
    .map((k) => [k, editable[k]]),
);
values.categorias = splitCategorias(String(editable.categoria));

// Fill the cache with the mix, tracing per kind of URL.
const next = mixGenerator(10_000, 7);
const perKind = new Map<string, { n: number; queries: number; ms: number }>();
for (let i = 0; i < Number(process.env.TRACE_GETS ?? 200); i++) {
  const url = next();
  trace = [];
  await app.inject({ url, headers: { accept: 'application/json' } });
  await new Promise((r) => setImmediate(r));
  const kind = url
    .replace(/\?.*/, (m) => (m.includes('q=') ? '?q' : m.includes('categoria') ? '?cat' : '?page'))
    .replace(/\d+$/, ':id');
  const k = perKind.get(kind) ?? { n: 0, queries: 0, ms: 0 };
  k.n++;
  k.queries += trace.length;
  k.ms += trace.reduce((s, t) => s + t.ms, 0);
  perKind.set(kind, k);
}
console.log('GETs while filling the cache (misses and hits together):');
for (const [kind, k] of perKind)
  console.log(
    `  ${kind.padEnd(34)} ${String(k.n).padStart(4)} req  ${(k.queries / k.n).toFixed(2)} q/req  ${(k.ms / k.n).toFixed(1)} ms SQL/req`,
  );
console.log(`cache entries: ${publicCache.stats().entries}`);

// Chosen URLs, each twice (the second may be a cache hit): e.g. TRACE_URLS='/api/comercios?lat=-32.925&lng=-68.844'.
for (const url of (process.env.TRACE_URLS ?? '').split(',').filter(Boolean))
  for (const round of ['first', 'again']) {
    trace = [];
    const started = performance.now();
    const res = await app.inject({ url, headers: { accept: 'application/json' } });
    const wall = performance.now() - started;
    await new Promise((r) => setImmediate(r));
    summary(`${url} (${round}, ${res.statusCode})`, trace, wall);
  }

for (let i = 0; i < Number(process.env.TRACE_EDITS ?? 5); i++) {
  trace = [];
  const started = performance.now();
  const res = await app.inject({
    method: 'PUT',
    url: `/api/comercios/${target!.id}`,
    headers: { cookie, origin, 'content-type': 'application/json' },
    payload: { ...values, descripcion: `Traza ${i}` },
  });
  const wall = performance.now() - started;
  await new Promise((r) => setImmediate(r));
  if (res.statusCode !== 200) console.log(res.statusCode, res.body.slice(0, 300));
  summary(`edit ${i} (${lastCleared} of ${publicCache.stats().entries} entries marked stale)`, trace, wall);
}
await app.close();
await database.close();
