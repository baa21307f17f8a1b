import type { ReportStatus } from '@shared/questions';
import { queryRoots } from '../../../lib/query-keys';

// The admin screens' query keys: users (with each user's analytics), coupon codes, the audit trail and the content team's
// reports and item statistics, each on its own root.

export const adminUserKeys = {
  all: [queryRoots.adminUsers] as const,
  list: (q: string, role: string, page: number) => [...adminUserKeys.all, 'list', { q, role, page }] as const,
  analytics: (id: string) => [...adminUserKeys.all, 'analytics', id] as const,
};

export const adminCodeKeys = {
  all: [queryRoots.adminCodes] as const,
  list: () => [...adminCodeKeys.all, 'list'] as const,
};

export const adminAuditKeys = {
  all: [queryRoots.adminAudit] as const,
  list: (action: string, q: string, page: number) => [...adminAuditKeys.all, 'list', { action, q, page }] as const,
};

export const adminContentKeys = {
  all: [queryRoots.adminContent] as const,
  reports: (status: ReportStatus | 'all', page: number) => [...adminContentKeys.all, 'reports', status, page] as const,
  stats: (query: object) => [...adminContentKeys.all, 'stats', query] as const,
};
