import type { ReportStatus } from '@shared/questions';
import type { ItemStats, QuestionReportPage, QuestionReportView } from '@shared/contracts/questions';
import { api } from '../../lib/api';

/** /api/admin/content (src/server/features/admin-content/routes.ts). */
export const adminContentApi = {
  reports: (status: ReportStatus | 'all', page: number) =>
    api<QuestionReportPage>(`/api/admin/content/reports?page=${page}${status === 'all' ? '' : `&status=${status}`}`),
  setStatus: ({ id, status }: { id: string; status: ReportStatus }) =>
    api<{ report: QuestionReportView }>(`/api/admin/content/reports/${id}`, { method: 'PATCH', json: { status } }),
  stats: () => api<{ items: ItemStats[] }>('/api/admin/content/stats'),
};
