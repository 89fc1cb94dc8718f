import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#server/db/client';
import { auditLog, user } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp, type TestAppOptions } from '#test/server/app';
import { createTestDatabase, type TestDatabase } from '#test/server/databases';

/**
 * Makes an account an operator directly in the database, already enrolled in the second factor (two-factor.test.ts
 * goes through the real enrolment and sign-in with a code).
 */
export async function makeOperator(db: Db, userId: string, twoFactorEnabled = true): Promise<void> {
  await db.update(user).set({ role: 'operator', twoFactorEnabled }).where(eq(user.id, userId));
}

export async function auditRows(db: Db) {
  return db.select().from(auditLog).orderBy(auditLog.id);
}

/** An inject() call as the browser makes it (our origin, the session cookie when given). */
export function caller(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
}

type Account = { cookie: string; userId: string };

export interface OperatorSuite {
  database: TestDatabase;
  t: TestApp;
  call: ReturnType<typeof caller>;
  /** Filled in before the tests run; the same object throughout, so it can be destructured. */
  owner: Account;
  operator: Account;
}

/**
 * The setup every operator API test shares: a fresh database and app for the describe block, an operator (already
 * enrolled in the second factor) and, when asked, an owner. A block's own `beforeAll` runs after this one.
 */
export function operatorSuite(
  kind: 'pglite' | 'postgres',
  opts: {
    app?: TestAppOptions;
    owner?: { email: string; name: string; password?: string };
    operatorPassword?: string;
  } = {},
): OperatorSuite {
  const suite = {
    owner: { cookie: '', userId: '' },
    operator: { cookie: '', userId: '' },
    call: (...args: Parameters<ReturnType<typeof caller>>) => caller(suite.t.app)(...args),
  } as OperatorSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase(kind);
    suite.t = await createTestApp(suite.database, opts.app);
    if (opts.owner) {
      Object.assign(suite.owner, await signUp(suite.t.app, opts.owner.email, opts.owner.name, opts.owner.password));
    }
    Object.assign(suite.operator, await signUp(suite.t.app, 'opera@example.com', 'Operadora', opts.operatorPassword));
    await makeOperator(suite.database.db, suite.operator.userId);
  });
  afterAll(async () => {
    await suite.t?.app.close();
    await suite.database?.destroy();
  });
  return suite;
}
