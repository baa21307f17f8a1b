import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sandboxSubscriptions, users } from '../../src/server/db/schema';
import { FakeStripe } from '../helpers/fake-stripe';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' });

/** Decision 027: deleting a paying user cancels their provider subscription first. */
describe.each(testDatabases())('deleting a paying user with the sandbox processor on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  it('cancels the subscription, then deletes; the list says who pays', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const u = await signedInUser(s);
    const intent = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const paid = await s.request('/api/subscription/sandbox/confirm', {
      method: 'POST',
      cookie: u.cookie,
      json: { clientSecret: intent.clientSecret, card: card('4242 4242 4242 4242') },
    });
    expect(paid.status).toBe(200);
    const [sub] = await s.deps.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.userId, u.id));
    expect(sub!.status).toBe('active');

    const list = await (await s.request(`/api/admin/users?q=${encodeURIComponent(u.email)}`, { cookie: admin.cookie })).json();
    expect(list.users[0]).toMatchObject({ id: u.id, paidSubscription: true });
    const { users: others } = await (
      await s.request(`/api/admin/users?q=${encodeURIComponent(admin.email)}`, { cookie: admin.cookie })
    ).json();
    expect(others[0].paidSubscription).toBe(false);

    expect((await s.request(`/api/admin/users/${u.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect(await s.deps.database.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(0);
    const [entry] = await s.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete'));
    expect(entry!.after).toEqual({ cancelledSubscriptions: [sub!.id] });
  });
});

describe('deleting a paying user with Stripe (wire format)', () => {
  let s: TestServer;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    s = await startTestServer('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PRICE_ID: 'price_monthly',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.stop();
  });
  beforeEach(() => {
    fake.failCancels = false;
  });

  async function payingUser() {
    const u = await signedInUser(s);
    const body = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const subId = String(body.clientSecret).replace('pi_fake_secret_', '');
    fake.pay(subId);
    expect(await (await s.request('/api/subscription/sync', { method: 'POST', cookie: u.cookie, json: {} })).json()).toEqual({
      synced: true,
    });
    return { ...u, subId };
  }

  it('cancels the Stripe subscription at once (DELETE /v1/subscriptions/:id) before deleting the user', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const u = await payingUser();
    const before = fake.requests.length;
    const res = await s.request(`/api/admin/users/${u.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(fake.subscriptions.get(u.subId)!.status).toBe('canceled');
    const cancels = fake.requests.slice(before).filter((r) => r.method === 'DELETE');
    expect(cancels.map((r) => r.path)).toEqual([`/v1/subscriptions/${u.subId}`]);
    expect(cancels[0]!.body).toMatchObject({ invoice_now: 'false', prorate: 'false' });
    expect(await s.deps.database.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(0);
  });

  it('keeps the user and answers a clear error when Stripe cannot cancel', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const u = await payingUser();
    fake.failCancels = true;
    const res = await s.request(`/api/admin/users/${u.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(502);
    expect((await res.json()).error).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringContaining('not deleted') });
    expect(await s.deps.database.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(1);
    expect(fake.subscriptions.get(u.subId)!.status).toBe('active');
    expect(await s.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, u.id))).toHaveLength(0);

    fake.failCancels = false;
    expect((await s.request(`/api/admin/users/${u.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect(fake.subscriptions.get(u.subId)!.status).toBe('canceled');
  });

  it('does not call Stripe for a user who never paid, nor cancel before refusing a forbidden delete', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const free = await signedInUser(s, { activeDays: 30 });
    const before = fake.requests.length;
    expect((await s.request(`/api/admin/users/${free.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect(fake.requests.length).toBe(before);

    const payingAdmin = await payingUser();
    await s.deps.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, payingAdmin.id));
    expect((await s.request(`/api/admin/users/${payingAdmin.id}`, { method: 'DELETE', cookie: payingAdmin.cookie })).status).toBe(409);
    expect(fake.subscriptions.get(payingAdmin.subId)!.status).toBe('active');
  });
});
