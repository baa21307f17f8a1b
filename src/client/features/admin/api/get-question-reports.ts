import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@shared/questions';
import type { QuestionReportPage } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { adminContentKeys } from './keys';

/** /api/admin/content (src/server/features/admin-content/routes.ts): the students' reports on questions. */
export const getQuestionReports = (status: ReportStatus | 'all', page: number) =>
  api<QuestionReportPage>(`/api/admin/content/reports?page=${page}${status === 'all' ? '' : `&status=${status}`}`);

export const questionReportsQueryOptions = (status: ReportStatus | 'all', page: number) =>
  queryOptions({
    queryKey: adminContentKeys.reports(status, page),
    queryFn: () => getQuestionReports(status, page),
    retry: 1,
    placeholderData: keepPreviousData,
  });

export const useQuestionReports = (status: ReportStatus | 'all', page: number) => useQuery(questionReportsQueryOptions(status, page));
