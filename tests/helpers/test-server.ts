import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { bootstrap } from '../../src/server/bootstrap';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createLogger, type Logger } from '../../src/server/lib/logger';
import { readOutbox } from '../../src/server/mail/mailer';

export type DbKind = 'pglite' | 'postgres';

/** The databases the API tests run on: always the embedded one, and a server when TEST_DATABASE_URL is set. */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export const ORIGIN = 'http://localhost:3000';

/** The run's prepared databases (tests/helpers/db-template.ts), when Vitest's API project made them. */
function templates(): { pglite: string | null; postgres: string | null } {
  try {
    return { pglite: inject('pgliteTemplate') ?? null, postgres: inject('postgresTemplate') ?? null };
  } catch {
    return { pglite: null, postgres: null }; // not inside a Vitest worker
  }
}

/** Loaded once per test file: every PGlite server of the file starts from it. */
let pgliteTemplate: Blob | undefined;

/** The run's prepared embedded database as a tarball, read once per test file; undefined outside the API project. */
function pgliteTemplateBlob(): Blob | undefined {
  const prepared = templates();
  if (prepared.pglite && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(prepared.pglite)]);
  return pgliteTemplate;
}

/**
 * Writes a copy of the run's prepared embedded database (migrated, content imported) where a server
 * with this DATA_DIR keeps its own (`DATA_DIR/pglite`), for a test that starts a server process: the
 * process then opens an existing database instead of creating one (initdb, every migration, the content
 * import: most of a fresh start's processor time, decision 089). Returns false, writing nothing, when
 * there is no prepared database (the process then creates its own, as a first start does).
 */
export async function copyPreparedDatabase(dataDir: string): Promise<boolean> {
  const template = pgliteTemplateBlob();
  if (!template) return false;
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite'), template });
  await database.close();
  return true;
}

/**
 * A fresh database of the given kind for one suite: a copy of the run's prepared database (migrated,
 * content imported) when there is one, else empty (bootstrap then migrates and imports). A PostgreSQL
 * one is created for this suite and dropped after.
 */
async function freshDatabase(
  kind: DbKind,
  onStatement: (sql: string) => void,
): Promise<{ database: Database; url: string | null; dispose: () => Promise<void> }> {
  const prepared = templates();
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dir: null, template: pgliteTemplateBlob(), onStatement });
    return { database, url: null, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `medicprep_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await createDatabase(admin, name, prepared.postgres);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20, onStatement });
  return {
    database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** CREATE DATABASE, copied from the template when there is one (retried while another copy holds it). */
async function createDatabase(admin: pg.Client, name: string, template: string | null) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
      return;
    } catch (e) {
      // 55006: "source database is being accessed by other users" (a concurrent copy)
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export interface TestServer {
  kind: DbKind;
  /** the suite's own PostgreSQL database (null for PGlite), for other processes to share */
  databaseUrl: string | null;
  config: Config;
  deps: Awaited<ReturnType<typeof bootstrap>>['deps'];
  content: Awaited<ReturnType<typeof bootstrap>>['content'];
  request: (p: string, init?: RequestInit & { json?: unknown; cookie?: string }) => Promise<Response>;
  outbox: () => Promise<Awaited<ReturnType<typeof readOutbox>>>;
  /**
   * The statements `fn` sends to the database (transaction control left out: PostgreSQL's driver sends BEGIN and COMMIT,
   * PGlite's does not), for tests that hold a path's round trips.
   */
  statementsOf: (fn: () => Promise<unknown>) => Promise<string[]>;
  /** moves the server's clock (`deps.now`, by which access expires) forward: a test never sleeps for time to pass */
  advanceClock: (ms: number) => void;
  reset: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTestServer(kind: DbKind, env: Record<string, string> = {}, options: { log?: Logger } = {}): Promise<TestServer> {
  let recording: string[] | null = null;
  const {
    database,
    url: databaseUrl,
    dispose,
  } = await freshDatabase(kind, (statement) => {
    if (recording && !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(statement)) recording.push(statement);
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: path.resolve('.tmp/test-data'),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    // as in the browser tests: NODE_ENV=test has no dev outbox unless asked for (production never has one)
    ...(env.NODE_ENV === 'production' ? {} : { DEV_OUTBOX: 'on' }),
    // concurrency tests fire bursts in-process; load shedding has its own tests (load-shedding.test.ts)
    MAX_IN_FLIGHT: '10000',
    ...env,
  });
  let clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  const { deps, content } = await bootstrap(config, options.log ?? createLogger('silent'), { database, now });
  await rememberPasswordWork(deps.auth);
  const app = createApp(deps, content);
  const request: TestServer['request'] = (p, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return Promise.resolve(app.request(p, { ...init, headers, body }));
  };
  return {
    kind,
    databaseUrl,
    config,
    deps,
    content,
    request,
    /** delivers the queued mail first (mail leaves after the request that queued it) */
    outbox: async () => {
      await deps.mailer.drain();
      return readOutbox(deps.database.db);
    },
    statementsOf: async (fn) => {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = null;
      }
    },
    advanceClock: (ms) => {
      clockOffsetMs += ms;
    },
    /** empties the per-user tables between tests and sets the clock back; content stays */
    reset: async () => {
      clockOffsetMs = 0;
      await deps.database.db.execute(
        sql`truncate users, sessions, accounts, verifications, rate_limits, mail_outbox, mail_queue, audit_log, email_change_requests, sign_in_failures, coupon_codes, coupon_redemptions, webhook_events cascade`,
      );
    },
    close: async () => {
      await deps.jobs.stop();
      await deps.mailer.stop();
      await dispose();
    },
  };
}

/** The password every `signedInUser` has. */
export const TEST_PASSWORD = 'secret-pass';

/**
 * Better Auth's scrypt costs ~0.1–0.5 s of processor a call by design, and a suite signs in hundreds of
 * users, most with the same password, and sends many wrong ones (the sign-in limits, the hostile
 * input): most of the API suite's time went there. The server keeps Better Auth's own hashing; this only
 * remembers its work within one test server:
 * - hashing a password: the first real hash of that password is reused (any valid salted hash of the
 *   password will do; a password never seen before is hashed for real). Better Auth also hashes the
 *   password of a sign-in to an unknown address, so that it answers as slowly as a known one: the same
 *   wrong password sent a hundred times is hashed once;
 * - verifying a (hash, password) pair: a pure function, so a pair verified once (really) gives the same
 *   answer again. A new pair (a new wrong password, a reset, a change) is computed.
 * Decision 089.
 */
async function rememberPasswordWork(auth: TestServer['deps']['auth']) {
  const password = (await auth.$context).password;
  const { hash, verify } = password;
  const hashes = new Map<string, Promise<string>>();
  const verified = new Map<string, Promise<boolean>>();
  password.hash = (p) => {
    let hashed = hashes.get(p);
    if (!hashed) hashes.set(p, (hashed = hash(p)));
    return hashed;
  };
  password.verify = (input) => {
    const pair = `${input.hash}\u0000${input.password}`;
    let answer = verified.get(pair);
    if (!answer) verified.set(pair, (answer = verify(input)));
    return answer;
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

let userCounter = 0;

/** Creates a verified user (as the CLI does) and signs them in; returns their id and session cookie. */
export async function signedInUser(
  s: TestServer,
  opts: {
    role?: 'user' | 'admin' | 'instructor' | 'panelist';
    courseLevel?: 'Paramedic' | 'EMT' | 'Both';
    activeDays?: number;
    email?: string;
  } = {},
) {
  const { createVerifiedUser } = await import('../../src/server/auth/create-user');
  const email = opts.email ?? `user${++userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await createVerifiedUser(s.deps, {
    email,
    password: TEST_PASSWORD,
    firstName: 'Test',
    lastName: `User${userCounter}`,
    role: opts.role,
    courseLevel: opts.courseLevel,
    activeDays: opts.activeDays,
  });
  const res = await s.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: TEST_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { id: user.id, email, cookie: cookiesFrom(res) };
}
