import type { ReportStatus } from '@shared/questions';
import { queryRoots } from '../../lib/query-keys';

export const adminContentKeys = {
  all: [queryRoots.adminContent] as const,
  reports: (status: ReportStatus | 'all', page: number) => [...adminContentKeys.all, 'reports', status, page] as const,
  stats: () => [...adminContentKeys.all, 'stats'] as const,
};
