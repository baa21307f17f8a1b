import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { couponCodes, sandboxSubscriptions, users } from '../../src/server/db/schema';
import { FakeStripe } from '../helpers/fake-stripe';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
  ...extra,
});

describe.each(testDatabases())('sandbox card payments on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  async function pay(cookie: string, number: string, extra?: Record<string, unknown>) {
    const intent = await (
      await s.request('/api/subscription/payment-intent', { method: 'POST', cookie, json: { email: 'x', priceId: 'ignored' } })
    ).json();
    expect(intent.provider).toBe('sandbox');
    expect(intent.clientSecret).toMatch(/_secret_/);
    return s.request('/api/subscription/sandbox/confirm', {
      method: 'POST',
      cookie,
      json: { clientSecret: intent.clientSecret, card: card(number, extra) },
    });
  }

  it('4242… pays: active until a month from now, billing shows it, cancel keeps access to the period end', async () => {
    const u = await signedInUser(s);
    const res = await pay(u.cookie, '4242 4242 4242 4242');
    expect(res.status).toBe(200);
    const verify = await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie })).json();
    expect(verify).toMatchObject({ hasAccess: true, subscriptionStatus: 'active', stripeConfirmed: true });

    const billing = await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json();
    expect(billing).toMatchObject({
      subscriptionStatus: 'active',
      plan: 'Monthly Subscription',
      price: '$19.99/month',
      cancelAtPeriodEnd: false,
    });
    expect(billing.stripeSubscriptionId).toMatch(/^sub_sbx_/);
    const days = (new Date(billing.expirationDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    expect((await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).status).toBe(409);

    const cancel = await s.request('/api/subscription/cancel', {
      method: 'POST',
      cookie: u.cookie,
      json: { subscriptionId: billing.stripeSubscriptionId },
    });
    expect(cancel.status).toBe(200);
    expect(new Date((await cancel.json()).accessUntil).toISOString()).toBe(new Date(billing.expirationDate).toISOString());
    const after = await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json();
    expect(after).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });

    // subscribing again resumes the same subscription instead of charging a second one
    const again = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    expect(again).toMatchObject({ resumed: true });
    const resumed = await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json();
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, stripeSubscriptionId: billing.stripeSubscriptionId });
  });

  it('Billing → Resume undoes a cancellation at period end: it renews again, and billing says so (docs/product.md §10.2)', async () => {
    const u = await signedInUser(s);
    expect((await pay(u.cookie, '4242 4242 4242 4242')).status).toBe(200);
    const billing = await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json();
    expect(billing).toMatchObject({ source: 'card', renews: true, cancelAtPeriodEnd: false });
    const subscriptionId = billing.stripeSubscriptionId;
    await s.request('/api/subscription/cancel', { method: 'POST', cookie: u.cookie, json: { subscriptionId } });
    expect(await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json()).toMatchObject({
      source: 'card',
      renews: false,
      cancelAtPeriodEnd: true,
    });

    const resume = await s.request('/api/subscription/resume', { method: 'POST', cookie: u.cookie, json: { subscriptionId } });
    expect(resume.status).toBe(200);
    expect(new Date((await resume.json()).renewsOn).toISOString()).toBe(new Date(billing.expirationDate).toISOString());
    const [sub] = await s.deps.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId));
    expect(sub).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json()).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: subscriptionId,
      source: 'card',
      renews: true,
      cancelAtPeriodEnd: false,
    });
    // someone else's subscription, or none, cannot be resumed
    const other = await signedInUser(s);
    const refused = await s.request('/api/subscription/resume', { method: 'POST', cookie: other.cookie, json: { subscriptionId } });
    expect(refused.status).toBe(404);
  });

  it('billing names the source of access: a code, days granted by an administrator, or none (docs/product.md §10.2)', async () => {
    const granted = await signedInUser(s, { activeDays: 10 });
    expect(await (await s.request('/api/subscription/billing', { cookie: granted.cookie })).json()).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: null,
      source: 'admin',
      renews: false,
    });
    const none = await signedInUser(s);
    expect(await (await s.request('/api/subscription/billing', { cookie: none.cookie })).json()).toMatchObject({
      source: 'none',
      renews: false,
    });
    await s.deps.database.db.insert(couponCodes).values({ name: 'Test', code: 'WEEK', duration: 7, durationType: 'days' });
    const coded = await signedInUser(s);
    expect(
      (await s.request('/api/subscription/codes/redeem', { method: 'POST', cookie: coded.cookie, json: { code: 'week' } })).status,
    ).toBe(200);
    expect(await (await s.request('/api/subscription/billing', { cookie: coded.cookie })).json()).toMatchObject({
      source: 'code',
      renews: false,
    });
  });

  it('an abandoned payment is reused, not duplicated', async () => {
    const u = await signedInUser(s);
    const first = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const second = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    expect(first.clientSecret).not.toBe(second.clientSecret);
    const subs = await s.deps.database.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.userId, u.id));
    expect(subs).toHaveLength(1);
  });

  it('declined cards answer with the card message and grant nothing', async () => {
    const u = await signedInUser(s);
    const declined = await pay(u.cookie, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect((await declined.json()).error.message).toBe('Your card was declined.');
    const poor = await pay(u.cookie, '4000000000009995');
    expect((await poor.json()).error.message).toBe('Your card has insufficient funds.');
    const typo = await pay(u.cookie, '4242 4242 4242 4241');
    expect((await typo.json()).error.message).toBe('Your card number is incorrect.');
    const old = await pay(u.cookie, '4242424242424242', { expMonth: 1, expYear: 2020 });
    expect((await old.json()).error.message).toBe("Your card's expiration date is in the past.");
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionStatus).toBe('inactive');
  });

  it('renews at period end unless cancelled, through the sync the client runs', async () => {
    const u = await signedInUser(s);
    await pay(u.cookie, '4242424242424242');
    const past = new Date(Date.now() - 60_000);
    await s.deps.database.db.update(sandboxSubscriptions).set({ currentPeriodEnd: past });
    await s.deps.database.db.update(users).set({ expirationDate: past }).where(eq(users.id, u.id));
    expect((await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie })).json()).hasAccess).toBe(false);
    expect(await (await s.request('/api/subscription/sync', { method: 'POST', cookie: u.cookie, json: {} })).json()).toEqual({
      synced: true,
    });
    expect((await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie })).json()).hasAccess).toBe(true);

    // cancelled: at period end it ends, and sync finds nothing to restore
    const billing = await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json();
    await s.request('/api/subscription/cancel', {
      method: 'POST',
      cookie: u.cookie,
      json: { subscriptionId: billing.stripeSubscriptionId },
    });
    await s.deps.database.db.update(sandboxSubscriptions).set({ currentPeriodEnd: past });
    await s.deps.database.db.update(users).set({ expirationDate: past }).where(eq(users.id, u.id));
    expect(await (await s.request('/api/subscription/sync', { method: 'POST', cookie: u.cookie, json: {} })).json()).toEqual({
      synced: false,
    });
    expect((await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie })).json()).hasAccess).toBe(false);
  });

  it('cancel without a subscription, or of someone else’s, says "No active subscription found"', async () => {
    const a = await signedInUser(s);
    const b = await signedInUser(s);
    await pay(b.cookie, '4242424242424242');
    const bBilling = await (await s.request('/api/subscription/billing', { cookie: b.cookie })).json();
    for (const subscriptionId of [null, bBilling.stripeSubscriptionId]) {
      const res = await s.request('/api/subscription/cancel', { method: 'POST', cookie: a.cookie, json: { subscriptionId } });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('No active subscription found');
    }
  });

  it('a payment confirmed with another user’s client secret is refused', async () => {
    const a = await signedInUser(s);
    const b = await signedInUser(s);
    const intent = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: a.cookie, json: {} })).json();
    const res = await s.request('/api/subscription/sandbox/confirm', {
      method: 'POST',
      cookie: b.cookie,
      json: { clientSecret: intent.clientSecret, card: card('4242424242424242') },
    });
    expect(res.status).toBe(404);
  });
});

describe('Stripe provider against a server speaking Stripe’s wire format', () => {
  let s: TestServer;
  let fake: FakeStripe;
  const webhookSecret = 'whsec_test_secret';
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    s = await startTestServer('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PRICE_ID: 'price_monthly',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.stop();
  });

  const signed = (payload: string, secret = webhookSecret) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const event = (id: string, subscription: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'invoice.paid',
      data: { object: { object: 'invoice', id: 'in_1', parent: { subscription_details: { subscription } } } },
    });
  const postWebhook = (payload: string, signature: string) =>
    s.request('/api/subscription/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      body: payload,
    });

  it('creates the customer and an incomplete subscription whose first invoice the client confirms (basil API)', async () => {
    const u = await signedInUser(s);
    const res = await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    expect(body.clientSecret).toMatch(/^pi_fake_secret_sub_/);
    const create = fake.requests.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST')!;
    expect(create.version).toBe('2025-08-27.basil');
    expect(create.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      items: [{ price: 'price_monthly' }],
      metadata: { userId: u.id },
    });
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.stripeCustomerId).toMatch(/^cus_fake/);
    expect(row!.subscriptionStatus).toBe('inactive');
  });

  it('a signed invoice.paid webhook activates once; a tampered one is refused and changes nothing', async () => {
    const u = await signedInUser(s);
    const body = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const subId = String(body.clientSecret).replace('pi_fake_secret_', '');
    // opening the payment again reuses the open subscription
    const reopened = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    expect(reopened.clientSecret).toBe(body.clientSecret);
    fake.pay(subId);

    const payload = event('evt_1', subId);
    const tampered = await postWebhook(payload.replace('invoice.paid', 'invoice.paid '), signed(payload));
    expect(tampered.status).toBe(400);
    const wrongSecret = await postWebhook(payload, signed(payload, 'whsec_other'));
    expect(wrongSecret.status).toBe(400);
    let [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionStatus).toBe('inactive');

    const ok = await postWebhook(payload, signed(payload));
    expect(ok.status).toBe(200);
    [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ subscriptionStatus: 'active', stripeSubscriptionId: subId });
    const firstExpiry = row!.expirationDate!.getTime();

    // the same event again is acknowledged and not applied again
    await s.deps.database.db.update(users).set({ subscriptionStatus: 'inactive' }).where(eq(users.id, u.id));
    const dup = await postWebhook(payload, signed(payload));
    expect(dup.status).toBe(200);
    expect((await dup.json()).duplicate).toBe(true);
    [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionStatus).toBe('inactive');
    expect(row!.expirationDate!.getTime()).toBe(firstExpiry);
  });

  it('sync finds the subscription by customer and cancel sets cancel_at_period_end', async () => {
    const u = await signedInUser(s);
    const body = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const subId = String(body.clientSecret).replace('pi_fake_secret_', '');
    expect(await (await s.request('/api/subscription/sync', { method: 'POST', cookie: u.cookie, json: {} })).json()).toEqual({
      synced: false,
    });
    fake.pay(subId);
    expect(await (await s.request('/api/subscription/sync', { method: 'POST', cookie: u.cookie, json: {} })).json()).toEqual({
      synced: true,
    });
    const cancel = await s.request('/api/subscription/cancel', { method: 'POST', cookie: u.cookie, json: { subscriptionId: subId } });
    expect(cancel.status).toBe(200);
    expect(fake.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionStatus).toBe('active');
  });

  it('Resume sends cancel_at_period_end: false to Stripe (docs/product.md §10.2)', async () => {
    const u = await signedInUser(s);
    const body = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const subId = String(body.clientSecret).replace('pi_fake_secret_', '');
    fake.pay(subId);
    await s.request('/api/subscription/sync', { method: 'POST', cookie: u.cookie, json: {} });
    await s.request('/api/subscription/cancel', { method: 'POST', cookie: u.cookie, json: { subscriptionId: subId } });
    expect(fake.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    const resume = await s.request('/api/subscription/resume', { method: 'POST', cookie: u.cookie, json: { subscriptionId: subId } });
    expect(resume.status).toBe(200);
    expect(fake.subscriptions.get(subId)!.cancel_at_period_end).toBe(false);
    expect(await (await s.request('/api/subscription/billing', { cookie: u.cookie })).json()).toMatchObject({
      source: 'card',
      renews: true,
      cancelAtPeriodEnd: false,
    });
  });

  it('an abandoned subscription expiring cannot take away time a code granted', async () => {
    const u = await signedInUser(s, { activeDays: 10 });
    const body = await (await s.request('/api/subscription/payment-intent', { method: 'POST', cookie: u.cookie, json: {} })).json();
    const subId = String(body.clientSecret).replace('pi_fake_secret_', '');
    fake.subscriptions.get(subId)!.status = 'incomplete_expired';
    const payload = JSON.stringify({
      id: 'evt_expired',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { object: 'subscription', id: subId } },
    });
    expect((await postWebhook(payload, signed(payload))).status).toBe(200);
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionStatus).toBe('active');
  });
});
