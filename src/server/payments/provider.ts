/** What the app needs from a card payment provider (sandbox or Stripe). */

export interface PayingUser {
  id: string;
  email: string;
  customerId: string | null;
}

export type ProviderStatus = 'incomplete' | 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete_expired' | 'paused';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** our user id, when the provider carries it (metadata) */
  userId: string | null;
}

export interface StartedSubscription {
  customerId: string;
  subscriptionId: string;
  /** the first invoice's payment, confirmed by the client with the card */
  clientSecret: string;
}

export interface PaymentProvider {
  kind: 'sandbox' | 'stripe';
  /** Stripe's publishable key, for Stripe.js in the payment modal */
  publishableKey: string | null;
  startSubscription(user: PayingUser): Promise<StartedSubscription>;
  /** the user's current paid subscription at the provider, if any (sync-subscription) */
  findCurrentSubscription(user: PayingUser): Promise<ProviderSubscription | null>;
  /** cancel at period end: no refund, access until the period ends */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** undo a cancel at period end: the subscription renews again */
  resume(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * The user's subscriptions that may still charge them (every status but canceled and
   * incomplete_expired): by customer, and the one we stored (`subscriptionId`) if the provider still has it.
   */
  chargingSubscriptions(user: PayingUser & { subscriptionId: string | null }): Promise<ProviderSubscription[]>;
  /** cancel now (deleting the account): no further charges, no refund */
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
}

/** Statuses under which a subscription can still charge the customer. */
export function mayCharge(status: ProviderStatus): boolean {
  return status !== 'canceled' && status !== 'incomplete_expired';
}

/** Statuses that grant access while the period lasts. */
export function grantsAccess(status: ProviderStatus): boolean {
  return status === 'active' || status === 'trialing';
}
