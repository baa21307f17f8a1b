import { queryRoots } from '../../../lib/query-keys';

export const profileKeys = {
  all: [queryRoots.profile] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};
