import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './lib/logger';
import { pruneRateLimits } from './lib/rate-limit';

/** Where the CLI finds a running server that holds the embedded database (see scripts/user-create.ts). */
export const SERVER_FILE = 'server.json';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const log = createLogger(config.logLevel);
  const { deps, content } = await bootstrap(config, log);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const clientDir = path.resolve(here, '../client');
  if (existsSync(path.join(clientDir, 'index.html'))) deps.clientDir = clientDir;
  else log.warn({ clientDir }, 'no built client found: serving the API only (run npm run build)');
  if (config.database.kind === 'pglite') deps.internalToken = randomBytes(24).toString('hex');

  const app = createApp(deps, content);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const serverFile = path.join(config.dataDir, SERVER_FILE);
    if (deps.internalToken) {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(serverFile, JSON.stringify({ port: info.port, pid: process.pid, token: deps.internalToken }), { mode: 0o600 });
    }
    const dbLabel = config.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) at ${config.database.dir}` : 'PostgreSQL server (DATABASE_URL)';
    const lines = [
      `MedicPrep is running at ${config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${info.port}` : config.publicUrl}`,
      `  database: ${dbLabel}`,
      `  mail:     ${deps.mailer.kind === 'outbox' ? `dev outbox (open ${config.publicUrl}/dev/outbox)` : 'SMTP (SMTP_URL)'}`,
      `  payments: ${deps.payments.kind === 'stripe' ? 'Stripe (STRIPE_SECRET_KEY)' : 'sandbox card processor (test mode)'}`,
    ];
    console.log(lines.join('\n'));
    if (deps.mailer.kind === 'outbox' && config.env === 'production')
      log.warn('NODE_ENV=production with the outbox mail provider: no e-mail leaves this server (set SMTP_URL)');
  });

  const prune = () => pruneRateLimits(deps.database.db).catch((err) => log.warn({ err }, 'rate-limit cleanup failed'));
  void prune();
  setInterval(prune, 60 * 60 * 1000).unref();
  // Delivers queued e-mail: this process's right after each send, other processes' and retries on a poll.
  deps.mailer.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close();
    await deps.mailer.stop().catch(() => undefined);
    if (deps.internalToken) rmSync(path.join(config.dataDir, SERVER_FILE), { force: true });
    await deps.database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('MedicPrep failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
