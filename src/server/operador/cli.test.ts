import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { auditLog, user } from '#server/db/schema';
import { createTestDatabase, TEST_SERVER_URL, type TestDatabase } from '#server/testing/databases';
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

/** The scenario on one database; `open` gives a connection while the CLI is not running (PGlite is single-process). */
async function scenario(
  env: Record<string, string>,
  open: () => Promise<Database>,
  close: (d: Database) => Promise<void>,
) {
  const added = await cli(env, 'ana@example.com', 'BETO@example.com', 'nadie@example.com');
  expect(added.out).toContain('ana@example.com: ahora es operador.');
  expect(added.out).toContain('BETO@example.com: ahora es operador.');
  expect(added.out).toContain('nadie@example.com: No hay ninguna cuenta con ese email.');
  expect(added.code).toBe(1);
  let d = await open();
  expect(await roles(d.db)).toEqual({ 'cli-ana': 'operator', 'cli-beto': 'operator' });
  await close(d);

  const removed = await cli(env, '--remove', 'ana@example.com');
  expect(removed).toEqual({ code: 0, out: 'ana@example.com: ya no es operador.\n' });
  const last = await cli(env, '--remove', 'beto@example.com');
  expect(last).toEqual({ code: 1, out: `beto@example.com: ${DEMOTE_MESSAGES.last}\n` });

  d = await open();
  expect(await roles(d.db)).toEqual({ 'cli-ana': 'owner', 'cli-beto': 'operator' });
  const audit = await d.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorEmail, 'linea de comandos'))
    .orderBy(auditLog.id);
  expect(audit.map((a) => [a.action, a.targetId])).toEqual([
    ['promover_operador', 'cli-ana'],
    ['promover_operador', 'cli-beto'],
    ['quitar_operador', 'cli-ana'],
  ]);
  await close(d);
}

describe('the operator command line, run as its own process', () => {
  it('on a PGlite data folder no other process has open', async () => {
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
  }, 300_000);

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
