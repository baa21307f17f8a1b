import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { planKeys } from './keys';

/** DELETE /api/plan/events/:id */
export const deleteEvent = (id: string): Promise<void> => api<void>(`/api/plan/events/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The plan is read again before the component's onSuccess runs. */
export function useDeleteEvent(config: MutationConfig<typeof deleteEvent> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteEvent,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: planKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
