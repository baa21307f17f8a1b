import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionReportView, ReportReplyInput } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminContentKeys } from './keys';

export const replyToReport = ({ id, reply }: ReportReplyInput & { id: string }) =>
  api<{ report: QuestionReportView }>(`/api/admin/content/reports/${id}/reply`, { method: 'PUT', json: { reply } });

/** Answers a report (the student reads it on the item): the component's onSuccess runs first, then the reports are read again. */
export function useReplyToReport(config: MutationConfig<typeof replyToReport> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: replyToReport,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminContentKeys.all });
    },
  });
}
