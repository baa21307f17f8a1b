import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudyResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminStandardKeys, studyPath } from './standards-keys';

/** POST /api/admin/standards/:id/panelists: invites a panelist (or an administrator) by e-mail. */
export const addPanelist = ({ id, email }: { id: string; email: string }) =>
  api<StudyResponse>(`${studyPath(id)}/panelists`, { json: { email } }).then((r) => r.study);

export function useAddPanelist(config: MutationConfig<typeof addPanelist> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: addPanelist,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminStandardKeys.all });
    },
  });
}
