import { queryRoots } from '../../../lib/query-keys';

// The jobs screen's query keys, on their own root.
export const adminJobKeys = {
  all: [queryRoots.adminJobs] as const,
  list: () => [...adminJobKeys.all, 'list'] as const,
};
