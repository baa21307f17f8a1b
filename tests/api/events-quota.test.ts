import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userInteractions, users } from '../../src/server/db/schema';
import { EVENT_DAILY_CAP } from '../../src/server/features/tracking/routes';
import { consumeQuota } from '../../src/server/lib/quota';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/** Decision 027: the events endpoint has per-user limits, needs a subscriber and sane times. */
describe.each(testDatabases())('events quota on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { RATE_LIMIT: 'on' });
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const event = (extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    featureType: 'home',
    actionType: 'heartbeat',
    durationSeconds: 30,
    createdAt: new Date().toISOString(),
    ...extra,
  });
  const post = (cookie: string | undefined, events: unknown[]) => s.request('/api/events', { method: 'POST', cookie, json: { events } });
  const counter = (key: string, count: number) =>
    s.deps.database.db.execute(
      sql`insert into rate_limits (key, count, window_start) values (${key}, ${count}, now()) on conflict (key) do update set count = ${count}, window_start = now()`,
    );

  it('refuses visitors, unverified and never-paying accounts', async () => {
    expect((await post(undefined, [event()])).status).toBe(401);
    const free = await signedInUser(s);
    const res = await post(free.cookie, [event()]);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
    const unverified = await signedInUser(s, { activeDays: 30 });
    await s.deps.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
    expect((await post(unverified.cookie, [event()])).status).toBe(403);
    expect(await s.deps.database.db.select().from(userInteractions)).toHaveLength(0);
  });

  it('limits batches per minute with 429 and Retry-After', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    expect((await post(u.cookie, [event()])).status).toBe(200);
    await counter(`events:batch:${u.id}`, 60);
    const res = await post(u.cookie, [event()]);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error.code).toBe('RATE_LIMITED');
    // another user is not affected
    const other = await signedInUser(s, { activeDays: 30 });
    expect((await post(other.cookie, [event()])).status).toBe(200);
  });

  it('caps events per user per day: a batch over the cap is refused whole, one that fits is stored', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    await counter(`events:day:${u.id}`, EVENT_DAILY_CAP.max - 10);
    const over = await post(
      u.cookie,
      Array.from({ length: 20 }, () => event()),
    );
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await over.json()).error.message).toMatch(/events a day/);
    expect(
      (
        await post(
          u.cookie,
          Array.from({ length: 10 }, () => event()),
        )
      ).status,
    ).toBe(200);
    expect((await post(u.cookie, [event()])).status).toBe(429);
    expect(await s.deps.database.db.select().from(userInteractions).where(eq(userInteractions.userId, u.id))).toHaveLength(10);
  });

  it('counts concurrent batches exactly', async () => {
    const key = `quota-test-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeQuota(s.deps.database.db, key, 10, { window: 60, max: 100 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('refuses event times older than 30 days (year 0001 included) and clamps future ones', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    for (const createdAt of ['0001-01-01T00:00:00Z', new Date(Date.now() - 31 * 86_400_000).toISOString()]) {
      const res = await post(u.cookie, [event({ createdAt })]);
      expect(res.status, createdAt).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.issues).toEqual([
        expect.objectContaining({ path: 'events.0.createdAt', message: 'createdAt must be within the last 30 days' }),
      ]);
    }
    const late = new Date(Date.now() - 6 * 86_400_000).toISOString();
    expect((await post(u.cookie, [event({ createdAt: late }), event({ createdAt: '9999-12-31T23:59:59Z' })])).status).toBe(200);
    const rows = await s.deps.database.db.select().from(userInteractions).where(eq(userInteractions.userId, u.id));
    expect(rows.map((r) => r.createdAt.toISOString()).sort()[0]).toBe(late);
    expect(Math.max(...rows.map((r) => r.createdAt.getTime()))).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });
});
