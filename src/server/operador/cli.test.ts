import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { auditLog, operadorDesignaciones, user } from '#server/db/schema';
import { createTestApp, signUp, TEST_ORIGIN } from '#test/server/app';
import { createTestDatabase, TEST_PGLITE, TEST_SERVER_URL, type TestDatabase } from '#test/server/databases';
import { DEMOTE_MESSAGES } from './operadores';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');

/** Runs `npm run operator:add|remove` as the operator would (the same script, its own process). */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, ['src/server/operador/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', OPERATOR_EMAILS: '', NODE_ENV: 'production', ...env },
      // Each run starts tsx, opens the database and checks its migrations: slow on a busy machine.
      timeout: 150_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function addAccounts(db: Database['db']) {
  await db.insert(user).values([
    { id: 'cli-ana', name: 'Ana', email: 'ana@example.com' },
    { id: 'cli-beto', name: 'Beto', email: 'beto@example.com' },
  ]);
}
const roles = async (db: Database['db']) =>
  Object.fromEntries((await db.select({ id: user.id, role: user.role }).from(user)).map((u) => [u.id, u.role]));

const pending = async (db: Database['db']) =>
  (await db.select({ email: operadorDesignaciones.email }).from(operadorDesignaciones)).map((d) => d.email).sort();

/** The scenario on one database; `open` gives a connection while the CLI is not running (PGlite is single-process). */
async function scenario(
  env: Record<string, string>,
  open: () => Promise<Database>,
  close: (d: Database) => Promise<void>,
) {
  const added = await cli(env, 'ana@example.com', 'BETO@example.com', 'Nadie@Example.com', 'luego@example.com', 'ana');
  expect(added.out).toContain('ana@example.com: ahora es operador.');
  expect(added.out).toContain('BETO@example.com: ahora es operador.');
  expect(added.out).toContain('Nadie@Example.com: todavía no tiene cuenta: será operador cuando se registre y entre.');
  expect(added.out).toContain('ana: No es un email válido.');
  expect(added.code).toBe(1);
  let d = await open();
  expect(await roles(d.db)).toEqual({ 'cli-ana': 'operator', 'cli-beto': 'operator' });
  expect(await pending(d.db)).toEqual(['luego@example.com', 'nadie@example.com']);
  await close(d);

  const removed = await cli(env, '--remove', 'ana@example.com', 'luego@example.com');
  expect(removed).toEqual({
    code: 0,
    out: 'ana@example.com: ya no es operador.\nluego@example.com: se canceló su designación pendiente.\n',
  });
  const last = await cli(env, '--remove', 'beto@example.com');
  expect(last).toEqual({ code: 1, out: `beto@example.com: ${DEMOTE_MESSAGES.last}\n` });

  d = await open();
  expect(await roles(d.db)).toEqual({ 'cli-ana': 'owner', 'cli-beto': 'operator' });
  expect(await pending(d.db)).toEqual(['nadie@example.com']);
  // The appointed email signs up through the API: an owner until it is first seen signed in, then an operator.
  const { app } = await createTestApp({ ...d, destroy: async () => {} });
  try {
    const nadie = await signUp(app, 'nadie@example.com', 'Nadie');
    expect((await roles(d.db))[nadie.userId]).toBe('owner');
    const me = await app.inject({
      method: 'GET',
      url: '/api/operador/me',
      headers: { cookie: nadie.cookie, origin: TEST_ORIGIN },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'nadie@example.com', twoFactorEnabled: false });
    expect((await roles(d.db))[nadie.userId]).toBe('operator');
    expect(await pending(d.db)).toEqual([]);
    // Another account that was never appointed stays an owner.
    const otra = await signUp(app, 'otra@example.com', 'Otra');
    const refused = await app.inject({ method: 'GET', url: '/api/operador/me', headers: { cookie: otra.cookie } });
    expect(refused.statusCode).toBe(404);

    const audit = await d.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, 'linea de comandos'))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.targetId, a.reason])).toEqual([
      ['promover_operador', 'cli-ana', 'npm run operator:add'],
      ['promover_operador', 'cli-beto', 'npm run operator:add'],
      ['quitar_operador', 'cli-ana', 'npm run operator:remove'],
      ['promover_operador', nadie.userId, 'npm run operator:add'],
    ]);
  } finally {
    await app.close();
  }
  await close(d);
}

describe('the operator command line, run as its own process', () => {
  it.runIf(TEST_PGLITE)(
    'on a PGlite data folder no other process has open',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-cli-'));
      try {
        const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
        const seeded = await openDatabase({ dataDir: dir, template });
        await addAccounts(seeded.db);
        await seeded.close();
        await scenario(
          { DATA_DIR: dir },
          () => openDatabase({ dataDir: dir }),
          (d) => d.close(),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );

  describe.runIf(Boolean(TEST_SERVER_URL))('on PostgreSQL', () => {
    let database: TestDatabase;
    afterAll(async () => {
      await database?.destroy();
    });
    it('against the server database', async () => {
      database = await createTestDatabase('postgres');
      await addAccounts(database.db);
      await scenario(
        { DATABASE_URL: database.url! },
        async () => database,
        async () => {},
      );
    }, 300_000);
  });
});
