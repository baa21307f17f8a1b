import { queryRoots } from '../../../lib/query-keys';

export const subscriptionKeys = {
  all: [queryRoots.subscription] as const,
  redeem: () => [...subscriptionKeys.all, 'redeem'] as const,
  paymentIntent: () => [...subscriptionKeys.all, 'payment-intent'] as const,
  sandboxConfirm: () => [...subscriptionKeys.all, 'sandbox-confirm'] as const,
  classPreview: () => [...subscriptionKeys.all, 'class-preview'] as const,
};
