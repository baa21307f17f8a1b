import { api } from '../../lib/api';

export interface PaymentIntent {
  /** a subscription cancelled at period end was resumed: nothing to pay now */
  resumed?: boolean;
  clientSecret: string;
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
  amountCents: number;
}
export interface Billing {
  subscriptionStatus: string;
  expirationDate: string | null;
  stripeSubscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  plan: string;
  price: string;
  provider: 'sandbox' | 'stripe';
}
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const billingApi = {
  redeemCode: (code: string) => api<{ ok: true; expirationDate: string }>('/api/subscription/codes/redeem', { json: { code } }),
  paymentIntent: (email: string) => api<PaymentIntent>('/api/subscription/payment-intent', { json: { email, priceId: 'monthly' } }),
  confirmSandbox: (clientSecret: string, card: SandboxCard, billingEmail: string) =>
    api<{ status: string }>('/api/subscription/sandbox/confirm', { json: { clientSecret, card, billingEmail } }),
  billing: () => api<Billing>('/api/subscription/billing'),
  cancel: (subscriptionId: string | null) => api<{ accessUntil: string | null }>('/api/subscription/cancel', { json: { subscriptionId } }),
};
