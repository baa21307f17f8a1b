import { queryRoots } from '../../../lib/query-keys';

export const homeKeys = {
  all: [queryRoots.home] as const,
  dashboard: (userId: string) => [...homeKeys.all, userId] as const,
};
