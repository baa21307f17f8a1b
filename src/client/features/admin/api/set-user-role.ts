import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserResponse, RoleBody } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminUserKeys } from './keys';
import { userPath } from './paths';

export const setUserRole = ({ id, role }: { id: string } & RoleBody) =>
  api<AdminUserResponse>(`${userPath(id)}/role`, { method: 'PATCH', json: { role } satisfies RoleBody }).then((r) => r.user);

/**
 * Makes a user an administrator, or a student again.
 * The component's onSuccess runs first (its message shows at once); the user list is read again before the mutation settles.
 */
export function useSetUserRole(config: MutationConfig<typeof setUserRole> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setUserRole,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}
