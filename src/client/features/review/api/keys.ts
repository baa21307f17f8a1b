import { queryRoots } from '../../../lib/query-keys';

export const reviewKeys = {
  all: [queryRoots.review] as const,
  queue: () => [...reviewKeys.all, 'queue'] as const,
  stats: () => [...reviewKeys.all, 'stats'] as const,
  settings: () => [...reviewKeys.all, 'settings'] as const,
};
