import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { bootstrap } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db/client';
import { createLogger } from '../../src/server/lib/logger';
import { SIGN_IN_LIMIT } from '../../src/server/auth/sign-in-limit';
import { ERROR_CODES, MESSAGES } from '../../src/shared/errors';
import { ORIGIN, signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

const LOCKED = { error: { code: ERROR_CODES.rateLimited, message: MESSAGES.tooManyAttempts } };

describe.each(testDatabases())('per-account sign-in limit on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { RATE_LIMIT: 'on', TRUST_PROXY: 'true' });
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const signIn = (email: string, password: string, ip = '203.0.113.7') =>
    s.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'x-forwarded-for': ip }, json: { email, password } });
  const expire = (email: string) =>
    s.deps.database.db.execute(
      sql`update sign_in_failures set locked_until = now() - interval '1 second' where email = ${email.toLowerCase()}`,
    );

  it('locks an account after 5 wrong passwords from 30 addresses, the right password and an unknown address alike', async () => {
    const u = await signedInUser(s);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let ip = 1; ip <= 30; ip++) {
      for (let guess = 0; guess < 2; guess++) {
        last = await signIn(u.email, `guess-${ip}-${guess}`, `198.51.100.${ip}`);
        statuses.push(last.status);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((st) => st === 429)).toBe(true);
    expect(await last!.json()).toEqual(LOCKED);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMIT.firstLockSeconds);

    const right = await signIn(u.email.toUpperCase(), 'secret-pass', '198.51.100.99');
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual(LOCKED);

    // an address with no account answers the same way
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) unknown.push((await signIn('nobody@example.com', `guess-${i}`, `198.51.100.${i + 1}`)).status);
    expect(unknown).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // the audit trail has each failure with the account and the caller's address, and the lock
    const audit = await s.deps.database.db.execute<{ action: string; target_id: string | null; target_label: string; ip: string }>(
      sql`select action, target_id, target_label, ip from audit_log where target_label = ${u.email} order by id`,
    );
    const failed = audit.rows.filter((r) => r.action === 'auth.sign_in_failed');
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({ target_id: u.id, ip: '198.51.100.1' });
    expect(audit.rows.filter((r) => r.action === 'auth.account_locked')).toHaveLength(1);
  });

  it('unlocks when the lock ends, locks longer the next time, and forgets failures after a successful sign-in', async () => {
    const u = await signedInUser(s);
    for (let i = 0; i < 5; i++) await signIn(u.email, 'wrong');
    expect((await signIn(u.email, 'secret-pass')).status).toBe(429);
    await expire(u.email);
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, 'wrong')).status).toBe(401);
    const second = await signIn(u.email, 'secret-pass');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(SIGN_IN_LIMIT.firstLockSeconds);

    await expire(u.email);
    expect((await signIn(u.email, 'secret-pass')).status).toBe(200);
    const rows = await s.deps.database.db.execute(sql`select * from sign_in_failures where email = ${u.email}`);
    expect(rows.rows).toHaveLength(0);
    // a fresh count: four wrong passwords do not lock
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, 'wrong')).status).toBe(401);
    expect((await signIn(u.email, 'secret-pass')).status).toBe(200);
  });

  it('lets a class of 30 behind one school address sign in, typos included', async () => {
    const students = [];
    for (let i = 0; i < 30; i++) students.push(await signedInUser(s));
    const statuses: number[] = [];
    for (const [i, st] of students.entries()) {
      if (i % 3 === 0) statuses.push((await signIn(st.email, 'typo-pass', '192.0.2.10')).status);
      statuses.push((await signIn(st.email, 'secret-pass', '192.0.2.10')).status);
    }
    expect(statuses.filter((x) => x === 200)).toHaveLength(30);
    expect(statuses.filter((x) => x === 401)).toHaveLength(10);
  });
});

describe('per-account sign-in limit shared by two app instances on one PostgreSQL database', () => {
  const run = process.env.TEST_DATABASE_URL ? it : it.skip;
  let s: TestServer;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) s = await startTestServer('postgres', { RATE_LIMIT: 'on' });
  });
  afterAll(async () => s?.close());

  run('counts failures on both instances toward one lock', async () => {
    const database = await openDatabase({ kind: 'postgres', url: s.databaseUrl!, poolSize: 5 });
    try {
      const { deps, content } = await bootstrap(s.config, createLogger('silent'), { database });
      const other = createApp(deps, content);
      const u = await signedInUser(s);
      const attempt = (i: number, password: string) => {
        const init = {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ email: u.email, password }),
        };
        return i % 2 === 0 ? s.request('/api/auth/sign-in/email', init) : Promise.resolve(other.request('/api/auth/sign-in/email', init));
      };
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt(i, 'wrong')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await attempt(1, 'secret-pass')).status).toBe(429);
      expect((await attempt(0, 'secret-pass')).status).toBe(429);
      await deps.mailer.stop();
    } finally {
      await database.close();
    }
  });
});
