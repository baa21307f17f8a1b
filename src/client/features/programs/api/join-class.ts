import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinClassBody, JoinClassResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';
import { classKeys } from './keys';

export const joinClass = (body: JoinClassBody) => api<JoinClassResponse>('/api/classes/join', { json: body });

/**
 * Joins a class from the profile. The component's onSuccess runs first (its message); the class list, and the profile (a
 * code may have granted days of access), are read again before the mutation settles.
 */
export function useJoinClass(config: MutationConfig<typeof joinClass> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: joinClass,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await Promise.all([
        client.invalidateQueries({ queryKey: classKeys.all }),
        client.invalidateQueries({ queryKey: [queryRoots.profile] }),
        client.invalidateQueries({ queryKey: [queryRoots.instructor] }),
      ]);
    },
  });
}
