import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserResponse, CreateUserBody } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminUserKeys } from './keys';

/** A verified account: they can log in straight away. */
export const createUser = (body: CreateUserBody) => api<AdminUserResponse>('/api/admin/users', { json: body }).then((r) => r.user);

/** The component's onSuccess runs first (the dialog closes), then the user list is read again in the background. */
export function useCreateUser(config: MutationConfig<typeof createUser> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createUser,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}
