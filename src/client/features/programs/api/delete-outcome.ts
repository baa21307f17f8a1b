import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { instructorKeys } from './keys';

export const deleteOutcome = ({ classId, resultId }: { classId: string; resultId: string }) =>
  api<null>(`/api/instructor/classes/${encodeURIComponent(classId)}/outcomes/${encodeURIComponent(resultId)}`, { method: 'DELETE' });

/** Removes a sitting the class recorded, then reads the outcomes again. */
export function useDeleteOutcome(config: MutationConfig<typeof deleteOutcome> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteOutcome,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: instructorKeys.outcomes(args[1].classId) });
    },
  });
}
