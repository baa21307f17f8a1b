import { queryRoots } from '../../../lib/query-keys';

// The standard-setting studies' query keys (decision 109): the list, and each study's results.
export const adminStandardKeys = {
  all: [queryRoots.adminStandards] as const,
  list: () => [...adminStandardKeys.all, 'list'] as const,
  results: (id: string) => [...adminStandardKeys.all, 'results', id] as const,
};

export const studyPath = (id: string) => `/api/admin/standards/${encodeURIComponent(id)}`;
