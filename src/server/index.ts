import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DatabaseStartError } from './db/errors';
import { DatabaseLockedError } from './db/lock';
import { createLogger } from './lib/logger';
import { pruneRateLimits } from './lib/rate-limit';
import { registerServer } from './lib/run-registry';

/** Where the CLI finds a running server that holds the embedded database (see scripts/user-create.ts). */
export const SERVER_FILE = 'server.json';

/** Removes server.json only if it names this process: another server may have written its own since. */
function removeOwnServerFile(file: string): void {
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as { pid?: number }).pid === process.pid) rmSync(file, { force: true });
  } catch {
    /* gone or unreadable: not ours to remove */
  }
}

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
  let booted;
  try {
    booted = await bootstrap(config, log);
  } catch (e) {
    if (!(e instanceof DatabaseLockedError || e instanceof DatabaseStartError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  const { deps, content } = booted;
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
      const unregister = registerServer({ pid: process.pid, port: info.port, dataDir: config.dataDir });
      process.once('exit', unregister);
    }
    const dbLabel =
      config.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) at ${config.database.dir}` : 'PostgreSQL server (DATABASE_URL)';
    const lines = [
      `MedicPrep is running at ${config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${info.port}` : config.publicUrl}`,
      `  database: ${dbLabel}`,
      `  mail:     ${deps.mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : config.devOutbox ? `dev outbox (open ${config.publicUrl}/dev/outbox)` : 'outbox, kept in the database (no SMTP_URL; /dev/outbox is off)'}`,
      `  payments: ${deps.payments.kind === 'stripe' ? 'Stripe (STRIPE_SECRET_KEY)' : 'sandbox card processor (test mode)'}`,
    ];
    console.log(lines.join('\n'));
    if (deps.mailer.kind === 'outbox' && config.env === 'production')
      log.warn('NODE_ENV=production with the outbox mail provider: no e-mail leaves this server (set SMTP_URL)');
    if (deps.payments.kind === 'sandbox' && config.env === 'production')
      log.warn(
        'NODE_ENV=production with PAYMENTS=sandbox: the sandbox card processor takes no money, and anyone subscribes with the test card 4242 4242 4242 4242 (set the STRIPE_* settings)',
      );
  });

  // Keep idle keep-alive connections longer than the clients' and proxies' own idle timeouts (load
  // balancers: 60 s), so that a client never reuses a socket the server is closing at that moment (a
  // reset request, seen from the browser tests' API client at Node's default of 5 s).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  const prune = () => pruneRateLimits(deps.database.db).catch((err) => log.warn({ err }, 'rate-limit cleanup failed'));
  void prune();
  setInterval(() => void prune(), 60 * 60 * 1000).unref();
  // Delivers queued e-mail: this process's right after each send, other processes' and retries on a poll.
  deps.mailer.start();
  // Runs the scheduled jobs when due (docs/operations.md, "Scheduled jobs"); one process on the database runs each run.
  if (config.jobs.run) void deps.jobs.start().catch((err) => log.error({ err }, 'the job scheduler did not start'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close();
    await deps.mailer.stop().catch(() => undefined);
    // a run still going keeps its lock; once its heartbeat is stale, the next process runs the job again
    await deps.jobs.stop(5_000).catch(() => undefined);
    if (deps.internalToken) removeOwnServerFile(path.join(config.dataDir, SERVER_FILE));
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
