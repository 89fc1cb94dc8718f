import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createAuth, resolveAuthSecret } from './auth/auth';
import { ConfigError, loadConfig } from './config';
import { listeningUrl, originWarning, trustedOrigins } from './http/public-origin';
import { createLogger } from './logger';
import { deleteAbandonedUploads } from './imagenes/store';
import { createPayments } from './pagos/setup';
import { localChanges, postgresChanges } from './cache/invalidation';
import { PublicCache } from './cache/public-cache';
import { watchClock } from './cache/clock';
import { reconcilePayments } from './pagos/service';
import { seedSampleData } from './seed/seed';
import { DEMO_OWNER_EMAIL, demoOwnerPassword } from './seed/demo-owner';
import { StatsCounter } from './estadisticas/counter';
import { Mailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';
import { startLoadingSsrRenderer } from './ssr/load';
import { migrateCheckedDatabase, openCheckedDatabase, StartupError } from './startup-checks';
import { keepPgliteStatistics, PGLITE_STATISTICS_CHECK_MS } from './db/pglite-statistics';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHUTDOWN_GRACE_MS = 10_000;

/** Made first, so even a bad setting is reported as a log line; its level follows LOG_LEVEL once that is read. */
const logger = createLogger({ level: 'info' });

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      logger.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  logger.level = config.LOG_LEVEL;
  const log = (msg: string, err?: unknown) => logger.error({ err }, msg);

  // Start-up phases, timed in the log (ms since the process started), to see where a slow start goes.
  const phase = (name: string) => logger.info({ ms: Math.round(performance.now()) }, `start-up: ${name}`);
  phase('configuration read');
  const database = await openCheckedDatabase(config, logger);
  phase(`database opened (${database.kind})`);
  await migrateCheckedDatabase(database);
  phase('migrations applied');
  const auth = createAuth(database.db, config, await resolveAuthSecret(database.db, config));
  const now = () => new Date();
  const payments = await createPayments(database.db, config, now, log);
  const publicCache = new PublicCache(config.PUBLIC_CACHE_TTL_MS, config.PUBLIC_CACHE_MB * 1024 * 1024);
  const changes = database.pool
    ? await postgresChanges(database.pool, publicCache, { batchMs: config.PUBLIC_CACHE_BATCH_MS, log })
    : localChanges(publicCache);
  // Publications ending and Mendoza midnight change public answers with no write: marked stale as they happen.
  const clockWatch = watchClock({ db: database.db, cache: publicCache, now, log });
  const stats = new StatsCounter({
    db: database.db,
    now,
    enabled: config.STATS_ENABLED,
    maxVisitorsPerDay: config.STATS_MAX_VISITORS_PER_DAY,
    log: (msg, err) => log(msg, err),
    warn: (msg) => logger.warn(msg),
  });
  const webDir = path.resolve(ROOT, config.WEB_DIR);
  // Loads while the server starts listening; a page's first request waits for it, a broken bundle stops the
  // process. Not earlier: beside PGlite's first start it would only add to that start's peak memory.
  const ssr = config.NODE_ENV === 'development' ? null : startLoadingSsrRenderer(webDir, config.NODE_ENV);
  ssr?.catch((err: unknown) => {
    logger.fatal({ err }, 'could not load the server-side renderer (dist/ssr)');
    process.exit(1);
  });
  const app = await buildApp(
    { config, database, db: database.db, auth, payments, publicCache, changes, stats, now },
    {
      webDir,
      // `npm run dev` renders in the browser only (Vite serves the pages): a stale dist/ssr is never used there.
      ssr,
      logger,
    },
  );
  phase('routes built');
  if (config.SEED_SAMPLE_DATA) {
    const demoPassword = demoOwnerPassword(config);
    const seeded = await seedSampleData(database.db, new Date(), { demoOwnerPassword: demoPassword });
    if (seeded) {
      await changes.changed();
      logger.info({ comercios: seeded }, 'loaded the Mendoza sample data into an empty database');
      logger.info(
        demoPassword
          ? `demo owner account: ${DEMO_OWNER_EMAIL} (password ${config.DEMO_OWNER_PASSWORD ? 'from DEMO_OWNER_PASSWORD' : `"${demoPassword}"`}); set SEED_SAMPLE_DATA=false for a real city`
          : 'no demo owner account on an https address: set DEMO_OWNER_PASSWORD to create one with the sample data',
      );
    }
  }

  // Start-up leaves garbage behind that V8 would keep resident until some later full collection. `npm start`
  // runs node with --expose-gc so it is returned: on PGlite now, before listening (a first run leaves its
  // unpacked template and WebAssembly memory, far more than the server's own, which must not stack up under the
  // first requests); on a server only once the renderer has loaded (below), where a collection now would hold
  // the first answer back for little memory returned (figures: docs/performance.md).
  const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();
  if (database.kind === 'pglite') collectGarbage();

  // Background upkeep: payment attempts left unfinished (a crash, a timeout, a pending card) are settled with
  // the provider, and image uploads abandoned in a form are removed.
  const reconcile = (atStartup = false) =>
    reconcilePayments(
      {
        db: database.db,
        provider: payments.provider,
        now,
        changed: changes.changed,
        log: (msg, data) => logger.warn(data, msg),
      },
      undefined,
      { atStartup },
    )
      .then((n) => n && logger.info({ settled: n }, 'reconciled payment attempts'))
      .then(() => deleteAbandonedUploads(database.db, now()))
      .catch((err) => logger.error({ err }, 'background upkeep failed'));
  const reconcileTimer = setInterval(() => void reconcile(), config.PAYMENTS_RECONCILE_INTERVAL_MS);
  reconcileTimer.unref();

  // Owners' emails (receipts, reminders, end notices): every instance runs it, the jobs table sends each once.
  const mailer = new Mailer({
    db: database.db,
    now,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    transport: createMailTransport({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.resolve(config.MAIL_OUTBOX_DIR ?? path.join(config.DATA_DIR, 'outbox')),
      log: (msg, data) => app.log.info(data, msg),
    }),
  });
  mailer.start(config.MAIL_INTERVAL_MS);
  stats.start(config.STATS_FLUSH_MS);
  clockWatch.start();
  const statistics =
    database.kind === 'pglite'
      ? keepPgliteStatistics(database.db, PGLITE_STATISTICS_CHECK_MS, (msg, err) =>
          err ? logger.error({ err }, msg) : logger.info(msg),
        )
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    clearInterval(reconcileTimer);
    clockWatch.stop();
    statistics?.stop();
    payments.close();
    try {
      await app.close();
      // The round in progress finishes (a claimed email is sent and marked) before the database closes.
      await mailer.stop();
      // The last few seconds of counts are saved too.
      await stats.stop();
      await changes.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as AddressInfo).port;
  const warning = originWarning(config, port);
  if (warning) logger.warn(warning);
  logger.info(
    {
      database: database.kind,
      payments: payments.provider.name,
      url: listeningUrl(config.HOST, port),
      publicUrl: config.PUBLIC_URL,
      trustedOrigins: trustedOrigins(config),
    },
    `Vidriera is ready at ${listeningUrl(config.HOST, port)}`,
  );
  // What a previous process left unfinished is settled now, not a reconciliation interval later.
  // The renderer's load leaves its own garbage (compiling React's server build): returned too, a moment after it
  // has loaded, so the pause does not land on the first requests.
  void ssr?.then(() => setTimeout(collectGarbage, 1000).unref());
  await payments.resume().catch((err: unknown) => logger.error({ err }, 'could not resume pending sandbox orders'));
  void reconcile(true);
}

main().catch((err: unknown) => {
  // A setting to fix: its one line says which and how (startup-checks.ts).
  if (err instanceof StartupError) logger.fatal(err.message);
  else logger.fatal({ err }, 'could not start');
  process.exit(1);
});
