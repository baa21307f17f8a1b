import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';
import { classKeys } from './keys';

export const leaveClass = (classId: string) =>
  api<null>(`/api/classes/${encodeURIComponent(classId)}/membership`, { method: 'DELETE' }).then(() => classId);

/** Leaves a class: the component's onSuccess runs first (its message), then the class lists are read again. */
export function useLeaveClass(config: MutationConfig<typeof leaveClass> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: leaveClass,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await Promise.all([
        client.invalidateQueries({ queryKey: classKeys.all }),
        client.invalidateQueries({ queryKey: [queryRoots.instructor] }),
        // the class's assignments leave the student's plan
        client.invalidateQueries({ queryKey: [queryRoots.plan] }),
      ]);
    },
  });
}
