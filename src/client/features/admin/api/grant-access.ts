import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserResponse, GrantAccessBody } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminUserKeys } from './keys';
import { userPath } from './paths';

export const grantAccess = ({ id, days }: { id: string } & GrantAccessBody) =>
  api<AdminUserResponse>(`${userPath(id)}/access`, { json: { days } satisfies GrantAccessBody }).then((r) => r.user);

/**
 * Days of access added to what the user has (like a validation code), audited.
 * The component's onSuccess runs first (its message shows at once); the user list is read again before the mutation settles.
 */
export function useGrantAccess(config: MutationConfig<typeof grantAccess> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: grantAccess,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}
