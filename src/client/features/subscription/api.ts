import { api } from '../../lib/api';

export interface PaymentIntent {
  /** a subscription cancelled at period end was resumed: nothing to pay now */
  resumed?: boolean;
  clientSecret: string;
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
  amountCents: number;
}
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const paymentsApi = {
  redeemCode: (code: string) => api<{ ok: true; expirationDate: string }>('/api/subscription/codes/redeem', { json: { code } }),
  paymentIntent: (email: string) => api<PaymentIntent>('/api/subscription/payment-intent', { json: { email, priceId: 'monthly' } }),
  confirmSandbox: (clientSecret: string, card: SandboxCard, billingEmail: string) =>
    api<{ status: string }>('/api/subscription/sandbox/confirm', { json: { clientSecret, card, billingEmail } }),
};
