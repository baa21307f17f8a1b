import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInput } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { questionKeys } from './keys';

/** "Report a problem": goes to the content team's review list; the student's own reports on the item are read again. */
export const reportItem = (body: ReportInput) => api<{ ok: true }>('/api/questions/reports', { json: body });

export function useReportItem(config: MutationConfig<typeof reportItem> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: reportItem,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: questionKeys.reports(args[1].itemKey) });
    },
  });
}
