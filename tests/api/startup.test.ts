import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDatabaseError } from '../../src/server/db/errors';
import {
  exitOrServe,
  freePort,
  spawnServer,
  STARTUP_MS,
  stopServer,
  waitForOutput,
  waitHealthy,
  tempDataDir,
  type ServerProcess,
} from '../helpers/server-process';
import { copyPreparedDatabase } from '../helpers/test-server';

// The server process as an operator starts it: what it refuses to start with, and what it says.
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = tempDataDir('startup-');
  dataDirs.push(dir);
  return dir;
};
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const production = () => ({ NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), DATA_DIR: newDataDir() });

/** Starts the server and expects it to refuse: exit non-zero, never serve. Returns what it printed. */
async function refusal(env: Record<string, string>): Promise<string> {
  const p = await spawnServer(env);
  try {
    const outcome = await exitOrServe(p);
    expect(outcome, p.output()).not.toBe('serving');
    expect(outcome).not.toBe(0);
    return p.output();
  } finally {
    await stopServer(p);
  }
}

describe('start-up in production without a payment provider (decision 025: no silent sandbox in production)', () => {
  it(
    'refuses to start, naming STRIPE_SECRET_KEY and PAYMENTS=sandbox',
    async () => {
      const out = await refusal(production());
      expect(out).toContain('PAYMENTS: no payment provider in production. Set STRIPE_SECRET_KEY');
      expect(out).toContain('or set PAYMENTS=sandbox');
    },
    STARTUP_MS,
  );

  it(
    'refuses PAYMENTS=stripe without the Stripe keys',
    async () => {
      expect(await refusal({ ...production(), PAYMENTS: 'stripe' })).toContain('STRIPE_SECRET_KEY: required with PAYMENTS=stripe');
    },
    STARTUP_MS,
  );

  it(
    'starts with PAYMENTS=sandbox, and says at start-up that anyone subscribes for free',
    async () => {
      let p: ServerProcess | undefined;
      try {
        const env = production();
        // a copy of the run's prepared database: this is about payments, not about creating a database
        await copyPreparedDatabase(env.DATA_DIR);
        p = await spawnServer({ ...env, PAYMENTS: 'sandbox', SMTP_URL: 'smtp://127.0.0.1:2525' });
        await waitHealthy(p);
        await waitForOutput(p, 'payments: sandbox card processor (test mode)');
        await waitForOutput(p, 'NODE_ENV=production with PAYMENTS=sandbox');
      } finally {
        await stopServer(p);
      }
    },
    STARTUP_MS,
  );
});

describe('start-up database errors name the cause and what to check (decision 025)', () => {
  const failWith = async (DATABASE_URL: string) => {
    const out = await refusal({ NODE_ENV: 'test', DATA_DIR: newDataDir(), DATABASE_URL });
    expect(out).not.toContain('Failed query');
    return out;
  };

  it(
    'a closed port: connection refused, check host and port',
    async () => {
      const port = await freePort();
      const out = await failWith(`postgres://postgres:secret-pw@127.0.0.1:${port}/medicprep`);
      expect(out).toContain(
        `nothing accepts connections there (connection refused; 127.0.0.1:${port}, database "medicprep", user "postgres")`,
      );
      expect(out).toContain("Check DATABASE_URL's host and port");
      expect(out).not.toContain('secret-pw');
    },
    STARTUP_MS,
  );

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on the PostgreSQL server of TEST_DATABASE_URL', () => {
    const on = (change: (u: URL) => void) => {
      const u = new URL(process.env.TEST_DATABASE_URL!);
      change(u);
      return u.toString();
    };

    it(
      'an unknown database: it does not exist, create it',
      async () => {
        const out = await failWith(on((u) => (u.pathname = '/medicprep_no_such_database')));
        expect(out).toContain('the database does not exist');
        expect(out).toContain('database "medicprep_no_such_database"');
        expect(out).toContain('3D000');
      },
      STARTUP_MS,
    );

    it(
      'an unknown user: authentication failed, check the user and password',
      async () => {
        const out = await failWith(on((u) => ((u.username = 'medicprep_no_such_user'), (u.password = 'x'))));
        expect(out).toMatch(/authentication failed/);
        expect(out).toContain('Check the user and password in DATABASE_URL');
      },
      STARTUP_MS,
    );
  });

  it("explains a wrong password and an unknown host from the driver errors, under Drizzle's wrapper", () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"'), { cause });
    const target = { kind: 'postgres' as const, url: 'postgres://app:pw@db.internal:5433/medicprep' };
    const wrongPassword = describeDatabaseError(
      wrapped({ code: '28P01', message: 'password authentication failed for user "app"' }),
      target,
    );
    expect(wrongPassword).toContain('authentication failed: wrong password (db.internal:5433, database "medicprep", user "app")');
    const unknownHost = describeDatabaseError(wrapped({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.internal' }), target);
    expect(unknownHost).toContain('the host name is unknown (db.internal:5433');
    const refusedTwice = describeDatabaseError(
      wrapped(Object.assign(new AggregateError([{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED ::1:5432' }]), {})),
      target,
    );
    expect(refusedTwice).toContain('connection refused');
  });
});
