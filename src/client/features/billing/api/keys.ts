import { queryRoots } from '../../../lib/query-keys';

export const billingKeys = {
  all: [queryRoots.billing] as const,
  detail: () => [...billingKeys.all, 'detail'] as const,
};
