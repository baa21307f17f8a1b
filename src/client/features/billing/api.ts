import { api } from '../../lib/api';

export interface Billing {
  subscriptionStatus: string;
  expirationDate: string | null;
  stripeSubscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  plan: string;
  price: string;
  provider: 'sandbox' | 'stripe';
}

export const billingApi = {
  billing: () => api<Billing>('/api/subscription/billing'),
  cancel: (subscriptionId: string | null) => api<{ accessUntil: string | null }>('/api/subscription/cancel', { json: { subscriptionId } }),
};
