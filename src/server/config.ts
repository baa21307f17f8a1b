import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { JOB_NAMES, type JobName } from '../shared/contracts/jobs';
import { parseSchedule, ScheduleError } from '../shared/schedule';

/**
 * Environment parsed once, at start-up; a bad value stops the process with a message that names it.
 * Every variable is documented in README.md.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('MedicPrep <no-reply@medicprep.app>'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
  PAYMENTS: z.enum(['stripe', 'sandbox']).optional(),
  DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /** whether this process runs the scheduled jobs (docs/operations.md, "Scheduled jobs") */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** each job's schedule: a cron expression in UTC, or `off` */
  JOB_SRS_OPTIMIZE: z.string().optional(),
  JOB_ITEMS_CALIBRATE: z.string().optional(),
  JOB_READINESS_VALIDATE: z.string().optional(),
  /** tests only (NODE_ENV=test): "min,max,pilot,minutes" — a short practice exam for browser and API tests */
  EXAM_TEST_LIMITS: z
    .string()
    .regex(/^\d+,\d+,\d+,\d+(\.\d+)?$/, 'must be "min,max,pilot,minutes", e.g. "3,5,1,2"')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  /** a short practice exam for tests (EXAM_TEST_LIMITS, honoured only when NODE_ENV=test) */
  examTestLimits?: { minScored: number; maxScored: number; pilot: number; timeLimitMinutes: number };
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  authSecret: string;
  mail: { kind: 'outbox' } | { kind: 'smtp'; url: string };
  mailFrom: string;
  payments:
    | { kind: 'sandbox' }
    | {
        kind: 'stripe';
        secretKey: string;
        priceId: string;
        publishableKey: string | null;
        webhookSecret: string | null;
        apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
      };
  trustProxy: boolean;
  /** whether /dev/outbox and /api/dev/outbox exist (outbox provider, not production, DEV_OUTBOX on) */
  devOutbox: boolean;
  /** API requests one process handles at once; more are answered 503 (see lib/load-shed.ts) */
  maxInFlight: number;
  logLevel: Env['LOG_LEVEL'];
  rateLimit: boolean;
  /** the scheduled jobs: whether this process runs them, and each job's schedule (cron, UTC; null: only by hand) */
  jobs: { run: boolean; schedules: Record<JobName, string | null> };
}

export class ConfigError extends Error {}

/** The default cap on API requests in flight: PGlite runs one query at a time, a server has a pool. */
export const DEFAULT_MAX_IN_FLIGHT = { pglite: 64, postgres: 200 } as const;

const invalid = (variable: string, message: string) => new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);

/**
 * Which card processor takes payments. Stripe when its key is set; the sandbox (which accepts the test
 * card 4242 4242 4242 4242, so anyone subscribes for free) only outside production or when asked for.
 */
function paymentsKind(e: Env): 'stripe' | 'sandbox' {
  if (e.PAYMENTS === 'stripe' && !e.STRIPE_SECRET_KEY)
    throw invalid(
      'STRIPE_SECRET_KEY',
      'required with PAYMENTS=stripe (with STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET)',
    );
  if (e.PAYMENTS === 'sandbox' && e.STRIPE_SECRET_KEY)
    throw invalid('PAYMENTS', 'sandbox conflicts with STRIPE_SECRET_KEY: unset one of them');
  if (e.PAYMENTS) return e.PAYMENTS;
  if (e.STRIPE_SECRET_KEY) return 'stripe';
  if (e.NODE_ENV === 'production')
    throw invalid(
      'PAYMENTS',
      'no payment provider in production. Set STRIPE_SECRET_KEY, STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments through Stripe, ' +
        'or set PAYMENTS=sandbox to run the sandbox card processor on purpose (anyone can then subscribe with the test card 4242 4242 4242 4242).',
    );
  return 'sandbox';
}

/** The dev outbox shows every reset and verification link: on by default in development only, never in production. */
function devOutboxOn(e: Env): boolean {
  if (e.NODE_ENV === 'production') {
    if (e.DEV_OUTBOX === 'on') throw invalid('DEV_OUTBOX', 'cannot be on in production (it shows every password-reset link)');
    return false;
  }
  return (e.DEV_OUTBOX ?? (e.NODE_ENV === 'development' ? 'on' : 'off')) === 'on';
}

/** The variable that holds each job's schedule, and its schedule when unset (weekly and monthly, in a quiet hour, UTC). */
export const JOB_SCHEDULE_VARIABLES: Record<
  JobName,
  { variable: 'JOB_SRS_OPTIMIZE' | 'JOB_ITEMS_CALIBRATE' | 'JOB_READINESS_VALIDATE'; default: string }
> = {
  'srs:optimize': { variable: 'JOB_SRS_OPTIMIZE', default: '0 3 * * 0' },
  'items:calibrate': { variable: 'JOB_ITEMS_CALIBRATE', default: '0 4 1 * *' },
  'readiness:validate': { variable: 'JOB_READINESS_VALIDATE', default: '30 4 * * 0' },
};

/** Each job's schedule: the variable's cron expression, `off` for none; unset, the default, except under NODE_ENV=test (none unless asked). */
function jobSchedules(e: Env): Record<JobName, string | null> {
  const out = {} as Record<JobName, string | null>;
  for (const name of JOB_NAMES) {
    const { variable, default: fallback } = JOB_SCHEDULE_VARIABLES[name];
    const value = e[variable]?.trim() ?? (e.NODE_ENV === 'test' ? 'off' : fallback);
    if (value === 'off') {
      out[name] = null;
      continue;
    }
    try {
      out[name] = parseSchedule(value).expression;
    } catch (err) {
      if (err instanceof ScheduleError) throw invalid(variable, `${err.message}, or off`);
      throw err;
    }
  }
  return out;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PRICE_ID)
    throw new ConfigError('Invalid configuration:\n  STRIPE_PRICE_ID: required with STRIPE_SECRET_KEY');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY && e.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (the payment form needs it)');
  const apiBase = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null;
  const authSecret = e.AUTH_SECRET ?? localSecret(dataDir, e.NODE_ENV);
  const payments = paymentsKind(e);
  const mail: Config['mail'] = e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL } : { kind: 'outbox' };
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dir: path.join(dataDir, 'pglite') };
  const examTest = e.NODE_ENV === 'test' && e.EXAM_TEST_LIMITS ? e.EXAM_TEST_LIMITS.split(',').map(Number) : null;
  return {
    env: e.NODE_ENV,
    ...(examTest
      ? { examTestLimits: { minScored: examTest[0]!, maxScored: examTest[1]!, pilot: examTest[2]!, timeLimitMinutes: examTest[3]! } }
      : {}),
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    database,
    authSecret,
    mail,
    mailFrom: e.MAIL_FROM,
    payments:
      payments === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID
        ? {
            kind: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            priceId: e.STRIPE_PRICE_ID,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            ...(apiBase
              ? {
                  apiBase: {
                    host: apiBase.hostname,
                    port: Number(apiBase.port || (apiBase.protocol === 'https:' ? 443 : 80)),
                    protocol: apiBase.protocol === 'http:' ? ('http' as const) : ('https' as const),
                  },
                }
              : {}),
          }
        : { kind: 'sandbox' },
    trustProxy: e.TRUST_PROXY,
    devOutbox: devOutboxOn(e) && mail.kind === 'outbox',
    maxInFlight: e.MAX_IN_FLIGHT ?? DEFAULT_MAX_IN_FLIGHT[database.kind],
    logLevel: e.LOG_LEVEL,
    rateLimit: e.RATE_LIMIT,
    jobs: { run: e.JOBS === 'on', schedules: jobSchedules(e) },
  };
}

/**
 * Without AUTH_SECRET a random secret is generated once and kept in the data directory, so sessions
 * survive restarts on a developer machine. Production must set AUTH_SECRET (several processes share it).
 */
function localSecret(dataDir: string, env: Env['NODE_ENV']): string {
  if (env === 'production') throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required in production (32+ characters)');
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
