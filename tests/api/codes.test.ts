import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { couponCodes, users } from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('validation codes on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const addCode = (values: Partial<typeof couponCodes.$inferInsert> = {}) =>
    s.deps.database.db
      .insert(couponCodes)
      .values({ name: 'Test', code: 'WELCOME7', duration: 7, durationType: 'days', ...values })
      .returning()
      .then((r) => r[0]!);
  const redeem = (cookie: string, code: unknown) => s.request('/api/subscription/codes/redeem', { method: 'POST', cookie, json: { code } });
  const message = async (res: Response) => (await res.json()).error?.message;

  it('answers each refusal with the spec message', async () => {
    const u = await signedInUser(s);
    await addCode({ code: 'OFF', isActive: false });
    await addCode({ code: 'FULL', usageLimit: 1, timesUsed: 1 });
    expect(await message(await redeem(u.cookie, '   '))).toBe('Please enter a validation code');
    expect(await message(await redeem(u.cookie, 'NOPE'))).toBe('Invalid validation code');
    expect(await message(await redeem(u.cookie, 'off'))).toBe('This code is no longer active');
    expect(await message(await redeem(u.cookie, 'full'))).toBe('This code has reached its usage limit');
    const anon = await s.request('/api/subscription/codes/redeem', { method: 'POST', json: { code: 'X' } });
    expect(anon.status).toBe(401);
    const bad = await redeem(u.cookie, 12345);
    expect(bad.status).toBe(400);
  });

  it('matches upper-cased, activates and extends from the later of now and the expiration', async () => {
    const u = await signedInUser(s);
    await addCode({ code: 'WELCOME7', duration: 7 });
    await addCode({ code: 'MONTH', duration: 1, durationType: 'months' });
    const before = Date.now();
    const res = await redeem(u.cookie, ' welcome7 ');
    expect(res.status).toBe(200);
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionStatus).toBe('active');
    const exp = row!.expirationDate!.getTime();
    expect(exp - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(exp - before).toBeLessThan(7 * 86_400_000 + 60_000);

    await redeem(u.cookie, 'MONTH');
    const [after] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    const expected = new Date(row!.expirationDate!);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(after!.expirationDate!.toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
    const verify = await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie })).json();
    expect(verify.hasAccess).toBe(true);
  });

  it('lets each user redeem a code only once', async () => {
    const u = await signedInUser(s);
    await addCode();
    expect((await redeem(u.cookie, 'WELCOME7')).status).toBe(200);
    const again = await redeem(u.cookie, 'WELCOME7');
    expect(again.status).toBe(409);
    expect(await message(again)).toBe('You have already used this code');
    const [code] = await s.deps.database.db.select().from(couponCodes);
    expect(code!.timesUsed).toBe(1);
  });

  it('holds a usage limit of 5 under 50 concurrent redemptions', async () => {
    await addCode({ code: 'RUSH', usageLimit: 5 });
    const students = await Promise.all(Array.from({ length: 50 }, () => signedInUser(s)));
    const results = await Promise.all(students.map((u) => redeem(u.cookie, 'RUSH')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(5);
    expect(statuses.filter((st) => st === 409)).toHaveLength(45);
    const [code] = await s.deps.database.db.select().from(couponCodes).where(eq(couponCodes.code, 'RUSH'));
    expect(code!.timesUsed).toBe(5);
    const active = await s.deps.database.db.execute(sql`select count(*)::int as n from users where subscription_status = 'active'`);
    expect((active.rows[0] as { n: number }).n).toBe(5);
  });

  it('refuses a study endpoint the moment access expires', async () => {
    const u = await signedInUser(s);
    await s.deps.database.db
      .update(users)
      .set({ subscriptionStatus: 'active', expirationDate: new Date(s.deps.now().getTime() + 60_000) })
      .where(eq(users.id, u.id));
    expect((await s.request('/scenarioanswers.json', { cookie: u.cookie })).status).toBe(200);
    s.advanceClock(60_001);
    const refused = await s.request('/scenarioanswers.json', { cookie: u.cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
    const verify = await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie })).json();
    expect(verify).toMatchObject({ hasAccess: false, subscriptionStatus: 'expired' });
  });

  it('never lets a student write their own subscription fields', async () => {
    const u = await signedInUser(s);
    const res = await s.request('/api/auth/update-user', {
      method: 'POST',
      cookie: u.cookie,
      json: { subscriptionStatus: 'active', expirationDate: '2099-01-01', role: 'admin' },
    });
    expect(res.status).toBe(404);
    const names = await s.request('/api/auth/update-user', { method: 'POST', cookie: u.cookie, json: { firstName: '' } });
    expect(names.status).toBe(404);
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ subscriptionStatus: 'inactive', role: 'user', expirationDate: null });
  });
});
