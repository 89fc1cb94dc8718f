/**
 * Start-up failures a person can act on (issue 28, L7): a data folder that cannot be written, a PostgreSQL
 * that refuses, a migration state this version cannot use. Each becomes one line naming the setting and the
 * fix, logged as fatal before the process exits, like an invalid setting (config.ts). What the driver said is
 * kept at the end of the line, never the password of DATABASE_URL.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Config } from './config';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, queryRows, type Database } from './db/client';
import type { Logger } from './logger';

export class StartupError extends Error {}

const uid = () => (typeof process.getuid === 'function' ? ` (user id ${process.getuid()})` : '');
/** The driver's own error: drizzle wraps it ("Failed query: …") with the driver's error as the cause. */
const driverError = (err: unknown): unknown => {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : err;
};
const codeOf = (err: unknown): string | undefined => {
  const code = (driverError(err) as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};
const said = (err: unknown) => {
  const e = driverError(err);
  return (e instanceof Error ? e.message : String(e)).split('\n')[0];
};

/** PGlite keeps the database in DATA_DIR: it must exist (or be creatable) and take a file, checked before opening. */
export function checkDataDir(dataDir: string): void {
  if (dataDir.startsWith('memory://')) return;
  const dir = path.resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dir} does not exist and cannot be created (${codeOf(err) ?? said(err)}): create it writable for this process${uid()}, or set DATA_DIR to a folder it can write.`,
    );
  }
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dir} is not writable (${codeOf(err) ?? said(err)}): make it writable for this process${uid()} (chown or chmod, or a read-write mount), or set DATA_DIR to a folder it can write.`,
    );
  }
}

/** Where DATABASE_URL points, without its password. */
function target(databaseUrl: string): { where: string; user: string; database: string; host: string } {
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
    return {
      where: `${url.hostname || 'localhost'}:${url.port || '5432'}/${database}`,
      user: decodeURIComponent(url.username) || '(default)',
      database,
      host: url.hostname,
    };
  } catch {
    return { where: '(unreadable URL)', user: '?', database: '?', host: '?' };
  }
}

/** The one line for a PostgreSQL that would not take a first query. */
export function databaseConnectionLine(databaseUrl: string, err: unknown): string {
  const t = target(databaseUrl);
  const code = codeOf(err);
  const at = `PostgreSQL at ${t.where} (DATABASE_URL)`;
  switch (code) {
    case 'ECONNREFUSED':
      return `${at} refused the connection: start PostgreSQL, or correct the host and port in DATABASE_URL.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${at}: the host "${t.host}" was not found: correct the host name in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${at} did not answer (${code}): check that the server is up and reachable from here, or correct DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `${at} refused the user "${t.user}" (${said(err)}): correct the user name and password in DATABASE_URL.`;
    case '3D000':
      return `${at}: the database "${t.database}" does not exist: create it (createdb ${t.database}) or correct its name in DATABASE_URL.`;
    default:
      return `${at} could not be used (${said(err)}): check DATABASE_URL and that the server is running.`;
  }
}

/** A first query on a fresh pool: the pool itself connects lazily, so a refusal would surface mid-migration. */
export async function checkDatabaseConnection(pool: Pool, databaseUrl: string): Promise<void> {
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    throw new StartupError(databaseConnectionLine(databaseUrl, err));
  }
}

/** The settings that name the database, for the lines below. */
const databaseSetting = (database: Database) => (database.pool ? 'DATABASE_URL' : 'DATA_DIR');

/** The newest migration this version ships (drizzle's journal: `when` is what the migrator records). */
export function newestKnownMigration(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * A database migrated by a newer version of Vidriera: drizzle's migrator applies only what is newer than the
 * last migration recorded, so it would start without a word and run this version against a schema it does not know.
 */
export async function checkNotNewer(database: Database, newestKnown: number): Promise<void> {
  const [table] = await queryRows<{ name: string | null }>(
    database.db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  if (!table?.name) return;
  const [last] = await queryRows<{ at: string | null }>(
    database.db,
    sql`SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations`,
  );
  if (last?.at && Number(last.at) > newestKnown)
    throw new StartupError(
      `The database in ${databaseSetting(database)} was migrated by a newer version of Vidriera (its last migration is from ${new Date(Number(last.at)).toISOString()}, this version's from ${new Date(newestKnown).toISOString()}): run that version, or restore a backup made with this one.`,
    );
}

/** The one line for migrations that failed to apply. */
export function migrationLine(database: Database, err: unknown): string {
  return `The database in ${databaseSetting(database)} could not be migrated (${said(err)}): its schema is not one this version's migrations can continue from; restore a backup made by Vidriera, or point ${databaseSetting(database)} at another database.`;
}

/**
 * Opens the database the settings name, or stops with the line that says which setting to fix. DATA_DIR is
 * checked when the database lives there (PGlite) or the email outbox does (no SMTP_URL, no MAIL_OUTBOX_DIR).
 */
export async function openCheckedDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SMTP_URL' | 'MAIL_OUTBOX_DIR'>,
  logger: Pick<Logger, 'error'>,
): Promise<Database> {
  if (!config.DATABASE_URL || (!config.SMTP_URL && !config.MAIL_OUTBOX_DIR)) checkDataDir(config.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  } catch (err) {
    if (config.DATABASE_URL) throw new StartupError(databaseConnectionLine(config.DATABASE_URL, err));
    throw new StartupError(
      `DATA_DIR ${path.resolve(config.DATA_DIR)} could not be opened as a database (${said(err)}): restore its pglite folder from a backup, or set DATA_DIR to an empty folder.`,
    );
  }
  if (database.pool && config.DATABASE_URL) {
    try {
      await checkDatabaseConnection(database.pool, config.DATABASE_URL);
    } catch (err) {
      await database.close().catch(() => undefined);
      throw err;
    }
  }
  return database;
}

/** Applies the migrations, refusing a database a newer version migrated, or stops with the line that says so. */
export async function migrateCheckedDatabase(database: Database): Promise<void> {
  await checkNotNewer(database, newestKnownMigration(MIGRATIONS_FOLDER));
  try {
    await migrateDatabase(database);
  } catch (err) {
    throw new StartupError(migrationLine(database, err));
  }
}
