import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStudyBody, StudyResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminStandardKeys } from './standards-keys';

/** POST /api/admin/standards: a draft study; the server samples its items. */
export const createStudy = (body: CreateStudyBody) => api<StudyResponse>('/api/admin/standards', { json: body }).then((r) => r.study);

export function useCreateStudy(config: MutationConfig<typeof createStudy> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createStudy,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminStandardKeys.all });
    },
  });
}
