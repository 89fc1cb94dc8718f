/**
 * `npm run loadtest` — 60 s of mixed traffic at 100 connections against the production server, then a check
 * of the database: zero 5xx, every acknowledged write present, no half-saved promotion list, every processed
 * payment applied exactly once. `npm run faulttest` does the same but SIGKILLs the server half-way, restarts
 * it on the same data, and checks the same invariants (a clean SIGTERM at the end must finish in-flight work).
 * Both end with checkInvariants (test/server/invariants.ts) and exit non-zero on any violation.
 * Uses PostgreSQL when DATABASE_URL is set, else PGlite. Knobs: LOAD_SECONDS (60), LOAD_CONNECTIONS (100),
 * BENCH_PORT (the server's port; a free one when unset).
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '#server/db/client';
import { comercios, promociones } from '#server/db/schema';
import { checkInvariants } from '#test/server/invariants';
import { sandboxOrderBody } from '#test/server/pagos';
import { prepareBenchDatabase, type BenchDatabase } from './databases';
import { freePort, startServer, type RunningServer } from '#test/server/server-process';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const OWNERS = Math.max(1, Math.round(CONNECTIONS * 0.2));
const KILL = process.argv.includes('--kill');
const SERVER_URL = process.env.DATABASE_URL ?? '';

type PromoList = string[];
/**
 * Every save of one business in the order it was sent (one owner saves its businesses one at a time), and
 * whether the server acknowledged it. What is stored must be the last acknowledged save, or a later save
 * whose answer never came (the server died while it was in flight).
 */
type Expected = Array<{ nombre: string; promos: PromoList; acked: boolean }>;

const stats = { requests: 0, errors5xx: 0, networkErrors: 0, byStatus: new Map<number, number>() };
const expected = new Map<number, Expected>();
let base = '';
let stopAt = 0;

async function call(
  method: string,
  url: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: unknown; setCookie: string[] } | null> {
  try {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        origin: base,
        'accept-encoding': 'gzip, br',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    stats.requests++;
    stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
    if (res.status >= 500) {
      stats.errors5xx++;
      console.error(`5xx: ${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
    }
    return { status: res.status, json: text ? JSON.parse(text) : null, setCookie: res.headers.getSetCookie() };
  } catch {
    stats.networkErrors++;
    await pause(50); // the server is down (fault test): do not spin
    return null; // server down (fault test) or timed out: the outcome is unknown
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function guest(): Promise<void> {
  const routes = [
    '/api/comercios',
    '/api/comercios?q=panaderia',
    '/api/comercios?localidad=Capital',
    `/api/comercios?categoria=${encodeURIComponent('Café')}`,
    '/api/comercios?page=2',
    '/api/promociones',
    '/api/promociones?page=3',
    '/api/promociones/destacadas',
    '/api/comercios/categorias',
    '/api/promociones/categorias',
  ];
  while (Date.now() < stopAt) {
    const r = Math.random();
    if (r < 0.15) await call('GET', `/api/comercios/${1 + Math.floor(Math.random() * 500)}`);
    else await call('GET', pick(routes));
  }
}

function businessBody(nombre: string) {
  return {
    nombre,
    categorias: ['Almacén', 'Bazar'],
    telefono: '261 412-3456',
    direccion: 'Perú 1450',
    localidad: pick(['Capital', 'Godoy Cruz', 'Guaymallen']),
    descripcion: 'Comercio creado por la prueba de carga.',
  };
}

async function owner(index: number): Promise<void> {
  const email = `carga${index}-${Date.now()}@example.com`;
  let cookie = '';
  while (!cookie && Date.now() < stopAt) {
    const res = await call('POST', '/api/auth/sign-up/email', {
      email,
      password: 'secreto123',
      name: `Dueño ${index}`,
    });
    const res2 =
      res?.status === 200 ? res : await call('POST', '/api/auth/sign-in/email', { email, password: 'secreto123' });
    if (res2?.status === 200) cookie = res2.setCookie.map((c) => c.split(';')[0]).join('; ');
    else await pause(500);
  }
  const mine: number[] = [];
  let step = 0;
  while (Date.now() < stopAt) {
    step++;
    const action = mine.length === 0 || Math.random() < 0.2 ? 'create' : Math.random() < 0.75 ? 'edit' : 'pay';
    if (action === 'create') {
      const nombre = `Carga ${index}-${step}`;
      const res = await call('POST', '/api/comercios', businessBody(nombre), cookie);
      if (res?.status === 201) {
        const id = (res.json as { id: number }).id;
        mine.push(id);
        expected.set(id, [{ nombre, promos: [], acked: true }]);
      }
    } else if (action === 'edit') {
      const id = pick(mine);
      const nombre = `Carga ${index}-${step} editado`;
      const promos = Array.from({ length: Math.floor(Math.random() * 5) }, (_, k) => `Promo ${step}.${k}`);
      const body = {
        ...businessBody(nombre),
        promociones: promos.map((titulo) => ({
          titulo,
          descripcion: 'x',
          descuento: '10%',
          fechaVencimiento: '2027-01-31',
        })),
      };
      const res = await call('PUT', `/api/comercios/${id}`, body, cookie);
      if (res?.status === 200 || res === null) expected.get(id)!.push({ nombre, promos, acked: res !== null });
    } else {
      const id = pick(mine);
      const holder = Math.random() < 0.7 ? 'APRO' : 'FUND';
      await call('POST', '/api/payments/process_order', sandboxOrderBody(id, holder), cookie);
    }
  }
}

async function verify(target: BenchDatabase): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: target.url, dataDir: target.dir });
  const problems: string[] = [];
  try {
    for (const [id, e] of expected) {
      const [row] = await database.db.select({ nombre: comercios.nombre }).from(comercios).where(eq(comercios.id, id));
      if (!row) {
        problems.push(`business ${id} was acknowledged but is missing`);
        continue;
      }
      const promos = (
        await database.db
          .select({ titulo: promociones.titulo })
          .from(promociones)
          .where(eq(promociones.comercioId, id))
          .orderBy(promociones.id)
      ).map((p) => p.titulo);
      const lastAcked = e.map((x) => x.acked).lastIndexOf(true);
      const allowed = e.slice(lastAcked);
      const match = allowed.some((s) => s.nombre === row.nombre && JSON.stringify(s.promos) === JSON.stringify(promos));
      if (!match)
        problems.push(
          `business ${id}: stored ${row.nombre} / [${promos.join(', ')}] matches no acknowledged (or in-flight) save`,
        );
    }
    const [applied] = await queryRows<{ bad: number }>(
      database.db,
      sql`SELECT count(*)::int AS bad FROM pagos WHERE status = 'processed' AND applied_at IS NULL`,
    );
    if (applied!.bad) problems.push(`${applied!.bad} processed payments were never applied`);
    const [unpaid] = await queryRows<{ bad: number }>(
      database.db,
      sql`SELECT count(*)::int AS bad FROM pagos p JOIN comercios c ON c.id = p.comercio_id WHERE p.applied_at IS NOT NULL AND NOT c.pago_status`,
    );
    if (unpaid!.bad) problems.push(`${unpaid!.bad} applied payments left their business unpaid`);
    const [twice] = await queryRows<{ bad: number }>(
      database.db,
      sql`SELECT count(*)::int AS bad FROM (SELECT comercio_id FROM pagos WHERE applied_at IS NOT NULL GROUP BY comercio_id HAVING count(*) > 1) x`,
    );
    // Publication lasts 30 days and a valid one refuses new payments: within one run, at most one per business.
    if (twice!.bad) problems.push(`${twice!.bad} businesses had two payments applied`);
    const [counts] = await queryRows<{ processed: number; failed: number }>(
      database.db,
      sql`SELECT count(*) FILTER (WHERE status = 'processed')::int AS processed, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM pagos`,
    );
    console.log(`payments: ${counts!.processed} processed (all applied once), ${counts!.failed} rejected`);
    // The database invariants every run must leave true (test/server/invariants.ts).
    const violations = await checkInvariants(database.db);
    console.log(
      `invariants: ${violations.length ? `${violations.length} violated` : 'all hold (published ⇒ recent applied payment, no processed payment unapplied, no orphan promotion, no missing image)'}`,
    );
    for (const v of violations) problems.push(`invariant ${v.invariant}: ${v.detail}`);
  } finally {
    await database.close();
  }
  return problems;
}

async function main() {
  console.log(`preparing ${SERVER_URL ? 'PostgreSQL' : 'PGlite'} with 2,000 businesses…`);
  const target = await prepareBenchDatabase(SERVER_URL ? 'postgres' : 'pglite', 2000, SERVER_URL, 'vidriera_loadtest');
  const env = { ...target.env, AUTH_RATE_LIMIT_PER_IP: '1000000', SANDBOX_PENDING_MS: '1000' };
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  // The compiled server, as `npm start` runs it (the npm scripts build first).
  let server: RunningServer = await startServer(env, port, { compiled: true });
  base = server.url;
  stopAt = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const workers = [
    ...Array.from({ length: CONNECTIONS - OWNERS }, () => guest()),
    ...Array.from({ length: OWNERS }, (_, i) => owner(i)),
  ];
  let restartedAfterMs = 0;
  if (KILL) {
    await pause((SECONDS * 1000) / 2);
    console.log('SIGKILL the server mid-load…');
    await server.stop('SIGKILL');
    server = await startServer(env, port, { compiled: true });
    restartedAfterMs = Date.now() - started;
    console.log(`restarted; back at ${(restartedAfterMs / 1000).toFixed(1)} s`);
  }
  await Promise.all(workers);
  const elapsed = (Date.now() - started) / 1000;
  // Let the sandbox's pending notifications land and the reconciler settle, then stop cleanly.
  await pause(2500);
  const code = await server.stop('SIGTERM');
  console.log(
    `\n${stats.requests} requests in ${elapsed.toFixed(1)} s (${Math.round(stats.requests / elapsed)} req/s) at ${CONNECTIONS} connections; server exited with ${code} on SIGTERM`,
  );
  console.log(
    `status codes: ${[...stats.byStatus]
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}; network errors (while down): ${stats.networkErrors}`,
  );
  const problems = await verify(target);
  if (stats.errors5xx) problems.push(`${stats.errors5xx} responses were 5xx`);
  if (code !== 0) problems.push(`the server exited with ${code} on SIGTERM`);
  console.log(`businesses created and checked: ${expected.size}`);
  await target.cleanup();
  if (problems.length) {
    console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    '\nOK: zero 5xx, every acknowledged write present, no half-saved promotion list, every processed payment applied once, every invariant holds.',
  );
}

await main();
