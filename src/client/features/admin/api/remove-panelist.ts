import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudyResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminStandardKeys, studyPath } from './standards-keys';

/** DELETE /api/admin/standards/:id/panelists/:userId: removes a panelist and their ratings. */
export const removePanelist = ({ id, userId }: { id: string; userId: string }) =>
  api<StudyResponse>(`${studyPath(id)}/panelists/${encodeURIComponent(userId)}`, { method: 'DELETE' }).then((r) => r.study);

export function useRemovePanelist(config: MutationConfig<typeof removePanelist> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: removePanelist,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminStandardKeys.all });
    },
  });
}
