import { queryRoots } from '../../../lib/query-keys';

export const badgeKeys = {
  all: [queryRoots.badges] as const,
};
