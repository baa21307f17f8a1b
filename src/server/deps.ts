import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';
import type { QueuedMailer } from './mail/queue';
import type { SessionUser } from './auth/session';
import type { PaymentProvider } from './payments/provider';

/** Everything a route needs, built once at start-up and passed down (no module-level singletons). */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** sends through the database queue; `drain` awaits delivery (tests, the dev outbox) */
  mailer: QueuedMailer;
  payments: PaymentProvider;
  log: Logger;
  /** the clock that access expiry is judged by; tests move it forward instead of sleeping */
  now: () => Date;
  /** token the local CLI presents to the running server (embedded database only) */
  internalToken?: string;
  /** where the built client lives; absent in API-only tests */
  clientDir?: string;
  /** where study media live (videos, EKG strips); default `<cwd>/media`, beside `content/` */
  mediaDir?: string;
}

export type { SessionUser } from './auth/session';

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: SessionUser;
    sessionId: string;
  };
}
