import type { ItemStats, QuestionReportView, ReportStatus } from '@shared/questions';
import { api } from '../../lib/api';

/** /api/admin/content (src/server/features/admin-content/routes.ts). */
export const adminContentApi = {
  reports: (status: ReportStatus | 'all') =>
    api<{ reports: QuestionReportView[] }>(`/api/admin/content/reports${status === 'all' ? '' : `?status=${status}`}`),
  setStatus: ({ id, status }: { id: string; status: ReportStatus }) =>
    api<{ report: QuestionReportView }>(`/api/admin/content/reports/${id}`, { method: 'PATCH', json: { status } }),
  stats: () => api<{ items: ItemStats[] }>('/api/admin/content/stats'),
};
