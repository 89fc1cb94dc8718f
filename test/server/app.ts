import type { FastifyInstance } from 'fastify';
import type { SsrRenderer } from '#shared/ssr';
import { buildApp } from '#server/app';
import { localChanges } from '#server/cache/invalidation';
import { PublicCache } from '#server/cache/public-cache';
import { createAuth } from '#server/auth/auth';
import { loadConfig, type Config } from '#server/config';
import type { AppDeps } from '#server/deps';
import type { OrdersProvider } from '#server/pagos/orders-api';
import { StatsCounter } from '#server/estadisticas/counter';
import { SandboxOrders } from '#server/pagos/sandbox';
import type { Payments } from '#server/pagos/setup';
import { signNotification } from '#server/pagos/signature';
import { afterAll, beforeAll } from 'vitest';
import { useTestDatabase, type TestDatabase } from './databases';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Moves the server's clock. */
  setNow(now: Date): void;
  /** The notifications the sandbox delivered to our webhook, with the status code each got. */
  notifications: Array<{ orderId: string; status: number }>;
  /** Every route the app registered, as "METHOD /url" (HEAD routes included). */
  routes: string[];
}

export interface TestAppOptions {
  now?: Date;
  env?: Record<string, string>;
  /** Defaults to the sandbox, whose notifications are delivered to this app's webhook through inject(). */
  provider?: OrdersProvider;
  sandboxPendingMs?: number;
  /** Serve pages too: the built-like web folder and the web app's server entry (testing/ssr.ts). */
  web?: { dir: string; ssr: SsrRenderer | Promise<SsrRenderer> };
}

/** A real app (real auth, real database, the sandbox provider) driven with inject(); the clock is the test's. */
export async function createTestApp(database: TestDatabase, opts: TestAppOptions = {}): Promise<TestApp> {
  // The real clock unless the test fixes one (setNow fixes it too).
  let fixed: Date | null = opts.now ?? null;
  const clock = () => fixed ?? new Date();
  // The public cache is off unless a test turns it on (tests move the clock, the cache keeps real time).
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    SEED_SAMPLE_DATA: 'false',
    PUBLIC_URL: TEST_ORIGIN,
    PUBLIC_CACHE_TTL_MS: '0',
    ...opts.env,
  });
  const notifications: TestApp['notifications'] = [];
  let app: FastifyInstance | undefined;
  const sandbox = new SandboxOrders({
    db: database.db,
    now: clock,
    pendingMs: opts.sandboxPendingMs ?? 200,
    notify: async (orderId) => {
      const requestId = `req-${orderId}`;
      const res = await app!.inject({
        method: 'POST',
        url: `/api/payments/webhook?data.id=${orderId}&type=order`,
        headers: {
          'x-request-id': requestId,
          'x-signature': signNotification(TEST_WEBHOOK_SECRET, orderId, requestId, String(clock().getTime())),
        },
        payload: { action: 'order.processed', type: 'order', data: { id: orderId } },
      });
      notifications.push({ orderId, status: res.statusCode });
    },
  });
  const payments: Payments = {
    provider: opts.provider ?? sandbox,
    webhookSecret: TEST_WEBHOOK_SECRET,
    publicKey: null,
    resume: async () => void (await sandbox.resumePending()),
    close: () => sandbox.close(),
  };
  const publicCache = new PublicCache(config.PUBLIC_CACHE_TTL_MS, config.PUBLIC_CACHE_MB * 1024 * 1024);
  const deps: AppDeps = {
    config,
    database,
    publicCache,
    changes: localChanges(publicCache),
    db: database.db,
    auth: createAuth(database.db, config, 'test-secret-test-secret-test-secret-0123'),
    payments,
    // Saved only when a test calls flush(): no timer runs in tests.
    stats: new StatsCounter({
      db: database.db,
      now: clock,
      enabled: config.STATS_ENABLED,
      maxVisitorsPerDay: config.STATS_MAX_VISITORS_PER_DAY,
    }),
    now: clock,
  };
  const routes: string[] = [];
  app = await buildApp(deps, {
    webDir: opts.web?.dir ?? null,
    ssr: opts.web?.ssr ?? null,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
    },
  });
  app.addHook('onClose', async () => sandbox.close());
  return { app, deps, setNow: (d) => (fixed = d), notifications, routes };
}

/** Signs a new user up through the real API and returns the session cookie header to send back. */
export async function signUp(
  app: FastifyInstance,
  email: string,
  name = 'Mi Comercio',
  password = 'secreto123',
): Promise<{ cookie: string; userId: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password, name },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieHeader(res.headers['set-cookie']), userId: res.json<{ user: { id: string } }>().user.id };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * A real app on a fresh database for the enclosing describe block: created before its tests, closed after.
 * Read `ctx.t` and `ctx.database` inside the tests (they are set once beforeAll has run).
 */
export function useTestApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  opts: TestAppOptions = {},
): { t: TestApp; database: TestDatabase } {
  const ctx = useTestDatabase(kind) as { t: TestApp; database: TestDatabase };
  beforeAll(async () => {
    ctx.t = await createTestApp(ctx.database, opts);
  });
  // Registered after the database's hooks, so it runs before the database is dropped.
  afterAll(async () => {
    await ctx.t?.app.close();
  });
  return ctx;
}
