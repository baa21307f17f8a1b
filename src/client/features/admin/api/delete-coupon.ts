import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminCodeKeys } from './keys';
import { codePath } from './paths';

export const deleteCoupon = (id: string) => api<void>(codePath(id), { method: 'DELETE' });

/** The component's onSuccess runs first (its message shows at once), then the list is read again before it settles. */
export function useDeleteCoupon(config: MutationConfig<typeof deleteCoupon> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteCoupon,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminCodeKeys.all });
    },
  });
}
