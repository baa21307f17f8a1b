import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Logger } from './lib/logger';
import type { Scheduler } from './jobs/scheduler';
import type { QueuedMailer } from './mail/queue';
import type { SessionUser } from './auth/session';
import type { PaymentProvider } from './payments/provider';

/** Everything a route needs, built once at start-up and passed down (no module-level singletons). */
export interface AppDeps {
  config: Config;
  database: Database;
  /** `database.db`: the handle a service runs on (a service in a transaction gets `{ ...deps, db: tx }`) */
  db: Db;
  auth: Auth;
  /** sends through the database queue; `drain` awaits delivery (tests, the dev outbox) */
  mailer: QueuedMailer;
  payments: PaymentProvider;
  /** the scheduled jobs (src/server/jobs): "Run now" asks it; src/server/index.ts starts its poll unless JOBS=off */
  jobs: Scheduler;
  log: Logger;
  /** the one clock of the product (lib/clock.ts); tests move it forward instead of sleeping */
  now: () => Date;
  /** token the local CLI presents to the running server (embedded database only) */
  internalToken?: string;
  /** where the built client lives; absent in API-only tests */
  clientDir?: string;
  /** where study media live (videos, EKG strips); default `<cwd>/media`, beside `content/` */
  mediaDir?: string;
}

/**
 * What every service takes first (docs/architecture.md §3, decision 087): the database handle it runs on, the clock, and
 * the parts of AppDeps named in `K` that it also uses (`ServiceDeps<'payments' | 'log'>`). AppDeps is one, so a route passes
 * `c.get('deps')`; a caller inside a transaction passes `{ ...deps, db: tx }`.
 */
export type ServiceDeps<K extends keyof AppDeps = never> = Pick<AppDeps, 'db' | 'now' | K>;

export type { SessionUser } from './auth/session';

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: SessionUser;
    sessionId: string;
  };
}
