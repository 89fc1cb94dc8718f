import type { Auth } from './auth/auth';
import type { PublicChanges } from './cache/invalidation';
import type { PublicCache } from './cache/public-cache';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { StatsCounter } from './estadisticas/counter';
import type { Order } from './pagos/orders-api';
import type { Payments } from './pagos/setup';

/** What routes need from the outside world, passed explicitly so tests can build an app on any database. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  payments: Payments;
  /** Public reads served from memory… */
  publicCache: PublicCache;
  /** …and how writes clear it on every instance. */
  changes: PublicChanges;
  /** Test seams in the payment flow (a crash between the provider's answer and our write). */
  paymentHooks?: { afterProviderAnswer?: (order: Order) => Promise<void> };
  /** Views and taps per business and day, counted in memory and saved every few seconds. */
  stats: StatsCounter;
  /** The server's clock; tests move it to check day boundaries. */
  now: () => Date;
}
