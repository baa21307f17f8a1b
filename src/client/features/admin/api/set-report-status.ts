import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '@shared/questions';
import type { QuestionReportView } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminContentKeys } from './keys';

export const setReportStatus = ({ id, status }: { id: string; status: ReportStatus }) =>
  api<{ report: QuestionReportView }>(`/api/admin/content/reports/${id}`, { method: 'PATCH', json: { status } });

/** Resolves or reopens a report: the component's onSuccess runs first, then the reports and item statistics are read again. */
export function useSetReportStatus(config: MutationConfig<typeof setReportStatus> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setReportStatus,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminContentKeys.all });
    },
  });
}
