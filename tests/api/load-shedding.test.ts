import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, STARTUP_MS, stopServer, tempDataDir, type ServerProcess } from '../helpers/server-process';

// Decision 025 (busy answers): offered more than the embedded database serves, requests queued until they
// timed out. A real server process with a cap of 2 requests in flight, and a burst of slow requests
// (sign-ins hash a password): every one is answered, those beyond the cap at once with 503.
describe('load shedding on a real server process', () => {
  const dataDir = tempDataDir('load-shedding-');
  let server: ServerProcess;
  let origin: string;

  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 's'.repeat(40), MAX_IN_FLIGHT: '2', RATE_LIMIT: 'off' });
    origin = `http://localhost:${server.port}`;
    const signUp = await post('/api/auth/sign-up/email', {
      email: 'busy@example.com',
      password: 'a-good-password',
      name: 'B U',
      firstName: 'B',
      lastName: 'U',
    });
    expect(signUp.status).toBe(200);
  }, STARTUP_MS);
  afterAll(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, json: unknown) =>
    fetch(`${server.base}${route}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });

  it(
    'answers every request of a burst; those beyond the cap get 503, Retry-After and the one error shape',
    async () => {
      const burst = await Promise.all(
        Array.from({ length: 40 }, () => post('/api/auth/sign-in/email', { email: 'busy@example.com', password: 'wrong-password' })),
      );
      const statuses = burst.map((r) => r.status);
      const busy = burst.filter((r) => r.status === 503);
      expect(busy.length, statuses.join(' ')).toBeGreaterThan(0);
      expect(statuses.filter((st) => st !== 503).length).toBeGreaterThanOrEqual(2);
      for (const st of statuses) expect([401, 403, 503]).toContain(st);
      for (const res of busy) {
        expect(res.headers.get('retry-after')).toBe('2');
        expect(await res.json()).toEqual({ error: { code: 'BUSY', message: 'MedicPrep is busy. Try again in a moment.' } });
      }
      // nothing stays counted: the next request is served
      expect((await post('/api/auth/sign-in/email', { email: 'busy@example.com', password: 'wrong-password' })).status).not.toBe(503);
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    },
    STARTUP_MS,
  );
});
