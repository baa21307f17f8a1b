import path from 'node:path';
import { createAuth } from './auth/auth';
import type { Config } from './config';
import { loadContent, type Content } from './content/load';
import { importContent, importSearchDocuments, isContentEmpty } from './content/import';
import { searchTermsEmpty } from './content/search-terms';
import { rewriteLegacyMediaUrls } from './features/media/routes';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { DatabaseStartError, describeDatabaseError } from './db/errors';
import { DatabaseLockedError } from './db/lock';
import type { AppDeps } from './deps';
import { createJobScheduler } from './jobs';
import { systemClock } from './lib/clock';
import type { Logger } from './lib/logger';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import { queuedMailer, type QueuedMailer } from './mail/queue';
import type { PaymentProvider } from './payments/provider';
import { SandboxProvider } from './payments/sandbox';
import { createStripeClient, StripeProvider } from './payments/stripe';

export interface Bootstrapped {
  deps: AppDeps;
  content: Content;
}

/** The app sends through the mail queue; the configured provider is its transport. */
export function createMailer(config: Config, database: Database, log: Logger): QueuedMailer {
  const transport: Mailer =
    config.mail.kind === 'smtp' ? smtpMailer(config.mail.url, config.mailFrom, log) : outboxMailer(database.db, log);
  return queuedMailer(database.db, transport, log, { limitRecipients: config.rateLimit });
}

export function createPayments(config: Config, database: Database, now: () => Date): PaymentProvider {
  if (config.payments.kind === 'stripe') return new StripeProvider(createStripeClient(config.payments), config.payments);
  return new SandboxProvider(database.db, now);
}

/** Opens and migrates the database, loads the content files and seeds an empty database with them. */
export async function bootstrap(
  config: Config,
  log: Logger,
  options: { root?: string; database?: Database; owner?: string; now?: () => Date } = {},
): Promise<Bootstrapped> {
  let database: Database;
  try {
    database =
      options.database ??
      (await openDatabase(
        config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dir: config.database.dir, owner: options.owner },
      ));
    await migrateDatabase(database);
  } catch (e) {
    if (e instanceof DatabaseLockedError) throw e;
    throw new DatabaseStartError(describeDatabaseError(e, config.database), { cause: e });
  }
  const { content, problems } = loadContent(options.root ?? path.resolve('.'));
  if (problems.length > 0)
    log.warn({ problems: problems.slice(0, 20), count: problems.length }, 'content files have problems (npm run content:check)');
  if (await isContentEmpty(database.db)) {
    const report = await importContent(database.db, content);
    log.info({ flashcards: report.flashcards.inserted, version: report.version }, 'study content imported into the empty database');
  }
  // a database migrated to search after its content was imported builds the words once
  else if (await searchTermsEmpty(database.db)) await importSearchDocuments(database.db, content);
  await rewriteLegacyMediaUrls(database.db);
  const now = options.now ?? systemClock;
  const mailer = createMailer(config, database, log);
  const auth = createAuth({ config, db: database.db, mailer, log, now });
  const payments = createPayments(config, database, now);
  const jobs = createJobScheduler(config, { db: database.db, now, log });
  return { deps: { config, database, db: database.db, auth, mailer, payments, jobs, log, now }, content };
}
