import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { freePort } from '../helpers/server-process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/server/auth/auth';
import { SIGN_IN_LIMIT } from '../../src/server/auth/sign-in-limit';
import { ERROR_CODES, MESSAGES } from '../../src/shared/errors';
import { ORIGIN, signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

// docs/architecture.md §1: app servers are stateless and scale out behind a load balancer, so a rate limit must
// hold in total across every process sharing the database, not per process. This starts two real
// server processes (the TypeScript server through tsx: this Vitest stage runs before the build) on
// one PostgreSQL database. PGlite allows a single process, so without TEST_DATABASE_URL there is
// nothing to share and the suite is skipped.
const url = process.env.TEST_DATABASE_URL;
const title = url
  ? 'rate limits across two server processes on one PostgreSQL database'
  : 'rate limits across two server processes (skipped: set TEST_DATABASE_URL; PGlite serves one process only)';

const STARTUP_MS = 90_000;
const SIGN_IN_PER_ADDRESS = AUTH_RATE_LIMITS['/sign-in/email'].max;

interface Proc {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** The port is free when asked but could be taken before the child listens: try another then. */
async function startProcess(env: Record<string, string>, attempts = 3): Promise<Proc> {
  try {
    return await startOnce(env);
  } catch (e) {
    if (attempts > 1 && e instanceof Error && e.message.includes('EADDRINUSE')) return startProcess(env, attempts - 1);
    throw e;
  }
}

async function startOnce(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, output };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${base} did not answer within ${STARTUP_MS / 1000} s:\n${output.join('')}`);
}

function stopProcess(p: Proc | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => p.child.kill('SIGKILL'), 5_000);
    p.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    p.child.kill('SIGTERM');
  });
}

describe.skipIf(!url)(title, () => {
  let s: TestServer;
  let a: Proc;
  let b: Proc;
  let ipCounter = 0;
  const dataDir = path.resolve(`.tmp/rate-limit-processes-${process.pid}`);
  /** Each test is its own client behind the load balancer, so it starts with empty counters. */
  const newClientIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(
    async () => {
      // The in-process server creates the suite's database, migrates and seeds it, and makes users;
      // the two processes then find it ready (no concurrent migrations).
      s = await startTestServer('postgres');
      mkdirSync(dataDir, { recursive: true });
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: s.databaseUrl!,
        // one shared address and secret, as behind a load balancer: a session from one process works on the other
        PUBLIC_URL: ORIGIN,
        AUTH_SECRET: s.config.authSecret,
        DATA_DIR: dataDir,
        RATE_LIMIT: 'on',
        // both processes take the client address from the balancer's X-Forwarded-For
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      };
      // one after the other: two tsx start-ups at once on a 2-core machine only slow each other down
      a = await startProcess(env);
      b = await startProcess(env);
    },
    2 * STARTUP_MS + 30_000,
  );

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (p: Proc, route: string, ip: string, json: unknown, cookie?: string) =>
    fetch(`${p.base}${route}`, {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(json),
    });
  const signIn = (p: Proc, ip: string, email: string, password: string) => post(p, '/api/auth/sign-in/email', ip, { email, password });
  const redeem = (p: Proc, ip: string, cookie: string) => post(p, '/api/subscription/codes/redeem', ip, { code: 'NO-SUCH-CODE' }, cookie);
  const tooMany = { code: ERROR_CODES.rateLimited, message: MESSAGES.tooManyAttempts };

  it('counts wrong passwords for one account alternating between the processes toward one lock', async () => {
    const u = await signedInUser(s);
    const statuses: number[] = [];
    // a different client address for each guess: the lock follows the account, wherever guesses come from
    for (let i = 0; i < SIGN_IN_LIMIT.failures; i++)
      statuses.push((await signIn(i % 2 ? b : a, newClientIp(), u.email, 'wrong-password')).status);
    expect(statuses).toEqual(Array(SIGN_IN_LIMIT.failures).fill(401));
    // the next attempt is refused on whichever process it reaches, even with the right password
    for (const p of [a, b]) {
      const res = await signIn(p, newClientIp(), u.email, 'secret-pass');
      expect(res.status).toBe(429);
      expect((await res.json()).error).toEqual(tooMany);
    }
    // the lock is the account's, not everyone's: another account still signs in
    const other = await signedInUser(s);
    expect((await signIn(b, newClientIp(), other.email, 'secret-pass')).status).toBe(200);
  });

  it(`lets exactly ${SIGN_IN_PER_ADDRESS} of ${2 * SIGN_IN_PER_ADDRESS} concurrent sign-in attempts from one address through, half fired at each process`, async () => {
    const ip = newClientIp();
    // a different (unknown) account for each, so only the per-address limit applies
    const results = await Promise.all(
      Array.from({ length: 2 * SIGN_IN_PER_ADDRESS }, (_, i) => signIn(i % 2 ? b : a, ip, `nobody${i}@example.com`, 'wrong-password')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((st) => st === 401)).toHaveLength(SIGN_IN_PER_ADDRESS);
    expect(statuses.filter((st) => st === 429)).toHaveLength(SIGN_IN_PER_ADDRESS);
    for (const r of results.filter((x) => x.status === 429)) expect((await r.json()).error).toEqual(tooMany);
  });

  it('counts code redemptions per user across the processes (our own limit, 10 a minute)', async () => {
    const u = await signedInUser(s);
    const statuses: number[] = [];
    // a different client address for each try: the limit follows the user, wherever they come from
    for (let i = 0; i < 10; i++) statuses.push((await redeem(i % 2 ? b : a, newClientIp(), u.cookie)).status);
    expect(statuses).toEqual(Array(10).fill(404));
    for (const p of [b, a]) {
      const res = await redeem(p, newClientIp(), u.cookie);
      expect(res.status).toBe(429);
      expect((await res.json()).error).toEqual(tooMany);
    }
  });

  it('lets exactly 10 of 20 concurrent code redemptions through, 10 fired at each process', async () => {
    const u = await signedInUser(s);
    const ip = newClientIp();
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(i % 2 ? b : a, ip, u.cookie)))).map((r) => r.status);
    expect(statuses.filter((st) => st === 404)).toHaveLength(10);
    expect(statuses.filter((st) => st === 429)).toHaveLength(10);
  });
});
