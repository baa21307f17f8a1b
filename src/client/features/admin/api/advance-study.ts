import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudyResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminStandardKeys, studyPath } from './standards-keys';

/** POST /api/admin/standards/:id/round1 | round2 | close | adopt: the study's next step. */
export const advanceStudy = ({ id, to }: { id: string; to: 'round1' | 'round2' | 'close' | 'adopt' }) =>
  api<StudyResponse>(`${studyPath(id)}/${to}`, { json: {} }).then((r) => r.study);

export function useAdvanceStudy(config: MutationConfig<typeof advanceStudy> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: advanceStudy,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminStandardKeys.all });
    },
  });
}
