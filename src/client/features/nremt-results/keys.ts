import { queryRoots } from '../../lib/query-keys';

// The student's own NREMT results (decision 036: one key factory per feature).
export const nremtResultKeys = {
  all: [queryRoots.nremtResults] as const,
  mine: () => [...nremtResultKeys.all, 'mine'] as const,
};
