import { queryRoots } from '../../lib/query-keys';

// The NREMT results and readiness check screens' query keys, each on its own root.
export const adminNremtKeys = {
  all: [queryRoots.adminNremtResults] as const,
  list: (level: string, page: number) => [...adminNremtKeys.all, 'list', { level, page }] as const,
};
export const adminReadinessKeys = {
  all: [queryRoots.adminReadiness] as const,
  overview: () => [...adminReadinessKeys.all, 'overview'] as const,
};
