import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** "Report a problem": goes to the content team's review list; nothing cached changes. */
export const reportItem = (body: ReportInput) => api<{ ok: true }>('/api/questions/reports', { json: body });

export const useReportItem = (config: MutationConfig<typeof reportItem> = {}) => useMutation({ ...config, mutationFn: reportItem });
