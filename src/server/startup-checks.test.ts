import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '#server/db/client';
import { createTestDatabase, DATABASE_KINDS, TEST_SERVER_URL } from '#test/server/databases';
import { freePort, ROOT, serverEnv } from '#test/server/server-process';

/**
 * Start-up failures speak (issue 28, L7): the real server started with one bad setting stops with a non-zero
 * exit and one fatal log line that names the setting and the fix; no stack, no bare errno.
 */
interface Exit {
  code: number | null;
  /** The fatal lines' messages. */
  fatal: string[];
}

/** Runs the server's sources (tsx, as `npm run dev` does) until it exits, as `uid` when given. */
async function startExpectingExit(env: Record<string, string>, uid?: number): Promise<Exit> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    ...(uid === undefined ? {} : { uid, gid: uid }),
    env: { ...serverEnv(port), DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const fatal = text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string };
        return entry.level === 60 ? [entry.msg ?? ''] : [];
      } catch {
        return [];
      }
    });
  if (!fatal.length) throw new Error(`no fatal line (exit ${code}):\n${text}`);
  return { code, fatal };
}

/** The one line, with what it must say. */
function expectOneLine(exit: Exit, ...parts: Array<string | RegExp>) {
  expect(exit.code).not.toBe(0);
  expect(exit.code).not.toBeNull();
  expect(exit.fatal).toHaveLength(1);
  const [line] = exit.fatal;
  expect(line).not.toContain('\n');
  expect(line).not.toMatch(/ErrnoError|errno \d/);
  for (const part of parts) expect(line).toMatch(part);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'vidriera-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('start-up with a DATA_DIR it cannot use', () => {
  it('stops when DATA_DIR exists but cannot be written', { timeout: 90_000 }, async () => {
    const dir = path.join(scratch, 'solo-lectura');
    mkdirSync(dir);
    chmodSync(scratch, 0o755);
    chmodSync(dir, 0o555);
    // Root writes anywhere: the server runs as nobody, as a deployment under its own user would.
    const exit = await startExpectingExit({ DATA_DIR: dir }, process.getuid?.() === 0 ? 65534 : undefined);
    expectOneLine(exit, `DATA_DIR ${dir} is not writable`, /make it writable .* or set DATA_DIR/);
  });

  it('stops when DATA_DIR is missing and cannot be created', { timeout: 90_000 }, async () => {
    const file = path.join(scratch, 'un-archivo');
    writeFileSync(file, '');
    const dir = path.join(file, 'data');
    const exit = await startExpectingExit({ DATA_DIR: dir });
    expectOneLine(exit, `DATA_DIR ${dir} does not exist and cannot be created (ENOTDIR)`, /set DATA_DIR to a folder/);
  });
});

describe('start-up with a PostgreSQL that refuses', () => {
  it('names DATABASE_URL when nothing listens there', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const exit = await startExpectingExit({ DATABASE_URL: `postgres://vidriera:secreto@127.0.0.1:${port}/vidriera` });
    expectOneLine(
      exit,
      `PostgreSQL at 127.0.0.1:${port}/vidriera (DATABASE_URL) refused the connection`,
      /start PostgreSQL/,
    );
    expect(exit.fatal[0]).not.toContain('secreto');
  });

  it('names DATABASE_URL when its host does not exist', { timeout: 90_000 }, async () => {
    const exit = await startExpectingExit({ DATABASE_URL: 'postgres://vidriera@no-such-host.invalid:5432/vidriera' });
    expectOneLine(exit, 'the host "no-such-host.invalid" was not found', /correct the host name in DATABASE_URL/);
  });

  // The next ones need a PostgreSQL server to refuse them (TEST_DATABASE_URL).
  if (TEST_SERVER_URL) {
    const server = new URL(TEST_SERVER_URL);
    const withPath = (user: string, db: string) =>
      `postgres://${user}@${server.hostname}:${server.port || '5432'}/${db}`;

    it('names the user when the server refuses it', { timeout: 90_000 }, async () => {
      const exit = await startExpectingExit({ DATABASE_URL: withPath('no_such_role_vidriera:clave', 'postgres') });
      expectOneLine(
        exit,
        'refused the user "no_such_role_vidriera"',
        /correct the user name and password in DATABASE_URL/,
      );
      expect(exit.fatal[0]).not.toContain('clave');
    });

    it('names the database when it does not exist', { timeout: 90_000 }, async () => {
      const user = decodeURIComponent(server.username) || 'postgres';
      const exit = await startExpectingExit({ DATABASE_URL: withPath(user, 'no_such_db_vidriera') });
      expectOneLine(exit, 'the database "no_such_db_vidriera" does not exist', /createdb no_such_db_vidriera/);
    });
  }
});

describe.each(DATABASE_KINDS)('start-up with a migration state this version cannot use on %s', (kind) => {
  /** A migrated database to spoil; `release` lets the server have it (PGlite holds its folder), `done` drops it. */
  async function database(): Promise<{
    env: Record<string, string>;
    run: (q: SQL) => Promise<void>;
    release: () => Promise<void>;
    done: () => Promise<void>;
  }> {
    if (kind === 'postgres') {
      const db = await createTestDatabase('postgres');
      return {
        env: { DATABASE_URL: db.url! },
        run: async (q: SQL) => void (await db.db.execute(q)),
        release: async () => undefined,
        done: () => db.destroy(),
      };
    }
    const dir = mkdtempSync(path.join(scratch, 'pglite-'));
    const db = await openDatabase({ dataDir: dir });
    await migrateDatabase(db);
    return {
      env: { DATA_DIR: dir },
      run: async (q: SQL) => void (await db.db.execute(q)),
      release: () => db.close(),
      done: async () => undefined,
    };
  }

  it('stops on a database a newer version migrated', { timeout: 120_000 }, async () => {
    const db = await database();
    const future = Date.now() + 365 * 24 * 3600_000;
    await db.run(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('futura', ${future})`);
    await db.release();
    const exit = await startExpectingExit(db.env).finally(db.done);
    const setting = kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    expectOneLine(
      exit,
      `The database in ${setting} was migrated by a newer version of Vidriera`,
      /run that version, or restore a backup/,
    );
  });

  it('stops on a database whose migrations cannot be applied', { timeout: 120_000 }, async () => {
    const db = await database();
    // The record of applied migrations lost: the first one meets the tables it would create.
    await db.run(sql`DELETE FROM drizzle.__drizzle_migrations`);
    await db.release();
    const exit = await startExpectingExit(db.env).finally(db.done);
    const setting = kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    expectOneLine(exit, `The database in ${setting} could not be migrated`, /already exists/, /restore a backup/);
  });
});
