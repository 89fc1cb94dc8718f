import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database, Db } from './db/client';

/** What routes need from the outside world, passed explicitly so tests can build an app on any database. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  /** The server's clock; tests move it to check day boundaries. */
  now: () => Date;
}
