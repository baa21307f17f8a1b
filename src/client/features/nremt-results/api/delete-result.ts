import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { nremtResultKeys } from './keys';

/** DELETE /api/nremt-results/:id */
export const deleteResult = (id: string): Promise<void> => api<void>(`/api/nremt-results/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The list is read again before the component's onSuccess runs. */
export function useDeleteResult(config: MutationConfig<typeof deleteResult> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteResult,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: nremtResultKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
