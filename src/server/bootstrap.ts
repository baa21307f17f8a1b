import path from 'node:path';
import { createAuth } from './auth/auth';
import type { Config } from './config';
import { loadContent, type Content } from './content/load';
import { importContent, isContentEmpty } from './content/import';
import { rewriteLegacyMediaUrls } from './features/media/routes';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import type { AppDeps } from './deps';
import type { Logger } from './lib/logger';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import { SandboxProvider } from './payments/sandbox';
import { createStripeClient, StripeProvider } from './payments/stripe';

export interface Bootstrapped {
  deps: AppDeps;
  content: Content;
}

export function createMailer(config: Config, database: Database, log: Logger): Mailer {
  return config.mail.kind === 'smtp' ? smtpMailer(config.mail.url, config.mailFrom, log) : outboxMailer(database.db, log);
}

export function createPayments(config: Config, database: Database): PaymentProvider {
  if (config.payments.kind === 'stripe') return new StripeProvider(createStripeClient(config.payments), config.payments);
  return new SandboxProvider(database.db);
}

/** Opens and migrates the database, loads the content files and seeds an empty database with them. */
export async function bootstrap(config: Config, log: Logger, options: { root?: string; database?: Database } = {}): Promise<Bootstrapped> {
  const database =
    options.database ??
    (await openDatabase(config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dir: config.database.dir }));
  await migrateDatabase(database);
  const { content, problems } = loadContent(options.root ?? path.resolve('.'));
  if (problems.length > 0) log.warn({ problems: problems.slice(0, 20), count: problems.length }, 'content files have problems (npm run content:check)');
  if (await isContentEmpty(database.db)) {
    const report = await importContent(database.db, content);
    log.info({ flashcards: report.flashcards.inserted, version: report.version }, 'study content imported into the empty database');
  }
  await rewriteLegacyMediaUrls(database.db);
  const mailer = createMailer(config, database, log);
  const auth = createAuth({ config, db: database.db, mailer, log });
  const payments = createPayments(config, database);
  return { deps: { config, database, auth, mailer, payments, log }, content };
}
