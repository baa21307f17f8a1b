import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminUserKeys } from './keys';
import { userPath } from './paths';

export const deleteUser = (id: string) => api<void>(userPath(id), { method: 'DELETE' });

/**
 * Deletes a user (their card subscription is cancelled first).
 * The component's onSuccess runs first (its message shows at once); the user list is read again before the mutation settles.
 */
export function useDeleteUser(config: MutationConfig<typeof deleteUser> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteUser,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}
