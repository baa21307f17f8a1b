import { queryRoots } from '../../../lib/query-keys';

export const searchKeys = {
  all: [queryRoots.search] as const,
  results: (userId: string | undefined, q: string) => [...searchKeys.all, 'results', userId, q] as const,
};
