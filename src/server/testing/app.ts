import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createAuth } from '../auth/auth';
import { loadConfig, type Config } from '../config';
import type { AppDeps } from '../deps';
import type { TestDatabase } from './databases';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Moves the server's clock. */
  setNow(now: Date): void;
}

/** A real app (real auth, real database) driven with inject(); only the clock is the test's. */
export async function createTestApp(database: TestDatabase, opts: { now?: Date; env?: Record<string, string> } = {}): Promise<TestApp> {
  let now = opts.now ?? new Date();
  const config: Config = loadConfig({ NODE_ENV: 'test', SEED_SAMPLE_DATA: 'false', PUBLIC_URL: TEST_ORIGIN, ...opts.env });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config, 'test-secret-test-secret-test-secret-0123'),
    now: () => now,
  };
  const app = await buildApp(deps, { webDir: null });
  return { app, deps, setNow: (d) => (now = d) };
}

/** Signs a new user up through the real API and returns the session cookie header to send back. */
export async function signUp(app: FastifyInstance, email: string, name = 'Mi Comercio', password = 'secreto123'): Promise<{ cookie: string; userId: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password, name },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieHeader(res.headers['set-cookie']), userId: (res.json() as { user: { id: string } }).user.id };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
