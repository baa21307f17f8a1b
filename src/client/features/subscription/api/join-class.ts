import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinClassBody, JoinClassResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';

export const joinClass = (body: JoinClassBody) => api<JoinClassResponse>('/api/classes/join', { json: body });

/**
 * Joins a class from the code box (decision 106). The component's onSuccess runs first (the message, the recheck of access);
 * the student's class list (the profile's) is read again after.
 */
export function useJoinClass(config: MutationConfig<typeof joinClass> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: joinClass,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: [queryRoots.classes] });
    },
  });
}
