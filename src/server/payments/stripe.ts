import Stripe from 'stripe';
import { mayCharge, type PaymentProvider, type PayingUser, type ProviderSubscription } from './provider';

export interface StripeSettings {
  secretKey: string;
  priceId: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** tests point the SDK at a local server that answers in Stripe's wire format */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeClient(s: StripeSettings): Stripe {
  return new Stripe(s.secretKey, {
    apiVersion: '2025-08-27.basil',
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'MedicPrep' },
    ...(s.apiBase ?? {}),
  });
}

/** Basil moved the billing period from the subscription to its items. */
export function periodEnd(sub: Stripe.Subscription): Date | null {
  const end = sub.items?.data?.[0]?.current_period_end;
  return typeof end === 'number' ? new Date(end * 1000) : null;
}

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    currentPeriodEnd: periodEnd(sub),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    userId: sub.metadata?.userId ?? null,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string | null;

  constructor(
    readonly stripe: Stripe,
    private readonly settings: StripeSettings,
  ) {
    this.publishableKey = settings.publishableKey;
  }

  private async customerFor(user: PayingUser): Promise<string | null> {
    if (user.customerId) return user.customerId;
    const found = await this.stripe.customers.list({ email: user.email, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  async startSubscription(user: PayingUser) {
    const customerId =
      (await this.customerFor(user)) ?? (await this.stripe.customers.create({ email: user.email, metadata: { userId: user.id } })).id;
    // A payment opened earlier and not completed is reused, so a student never holds two subscriptions.
    const open = await this.stripe.subscriptions.list({
      customer: customerId,
      status: 'incomplete',
      limit: 1,
      expand: ['data.latest_invoice.confirmation_secret'],
    });
    const reusable = open.data[0];
    const reusableSecret = (reusable?.latest_invoice as Stripe.Invoice | null | undefined)?.confirmation_secret?.client_secret;
    if (reusable && reusableSecret) return { customerId, subscriptionId: reusable.id, clientSecret: reusableSecret };
    const sub = await this.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: this.settings.priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: user.id },
    });
    const invoice = sub.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new Error(`Stripe subscription ${sub.id} has no payment to confirm`);
    return { customerId, subscriptionId: sub.id, clientSecret };
  }

  async findCurrentSubscription(user: PayingUser) {
    const customerId = await this.customerFor(user);
    if (!customerId) return null;
    const subs = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
    const best = subs.data
      .filter((s) => s.status === 'active' || s.status === 'trialing')
      .sort((a, b) => (periodEnd(b)?.getTime() ?? 0) - (periodEnd(a)?.getTime() ?? 0))[0];
    return best ? toProviderSubscription(best) : null;
  }

  async cancelAtPeriodEnd(subscriptionId: string) {
    return toProviderSubscription(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  }

  async resume(subscriptionId: string) {
    return toProviderSubscription(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
  }

  async chargingSubscriptions(user: PayingUser & { subscriptionId: string | null }) {
    const found = new Map<string, ProviderSubscription>();
    const customerId = await this.customerFor(user);
    if (customerId) {
      for await (const sub of this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }))
        if (mayCharge(sub.status)) found.set(sub.id, toProviderSubscription(sub));
    }
    if (user.subscriptionId && !found.has(user.subscriptionId)) {
      const stored = await this.stripe.subscriptions.retrieve(user.subscriptionId).catch((err: unknown) => {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      });
      if (stored && mayCharge(stored.status)) found.set(stored.id, toProviderSubscription(stored));
    }
    return [...found.values()];
  }

  /** DELETE /v1/subscriptions/:id: ends the subscription at once, without proration or a final invoice. */
  async cancelNow(subscriptionId: string) {
    return toProviderSubscription(await this.stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false }));
  }

  async retrieve(subscriptionId: string) {
    return toProviderSubscription(await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  /** Verifies a webhook's signature; throws on a bad or missing one. */
  constructEvent(rawBody: string, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }
}

/** The subscription a webhook event concerns, if any. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const obj = event.data.object as {
    object?: string;
    id?: string;
    parent?: { subscription_details?: { subscription?: string | { id: string } } };
  };
  if (obj.object === 'subscription') return obj.id ?? null;
  if (obj.object === 'invoice') {
    const s = obj.parent?.subscription_details?.subscription;
    return typeof s === 'string' ? s : (s?.id ?? null);
  }
  return null;
}
