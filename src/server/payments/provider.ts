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
}

/** Statuses that grant access while the period lasts. */
export function grantsAccess(status: ProviderStatus): boolean {
  return status === 'active' || status === 'trialing';
}
