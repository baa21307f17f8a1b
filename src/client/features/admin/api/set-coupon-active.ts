import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponResponse } from '@shared/contracts/admin-codes';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminCodeKeys } from './keys';
import { codePath } from './paths';

export const setCouponActive = ({ id, isActive }: { id: string; isActive: boolean }) =>
  api<CouponResponse>(`${codePath(id)}/active`, { method: 'PATCH', json: { isActive } }).then((r) => r.code);

/** Activates or deactivates a code: the component's onSuccess runs first, then the list is read again before it settles. */
export function useSetCouponActive(config: MutationConfig<typeof setCouponActive> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setCouponActive,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminCodeKeys.all });
    },
  });
}
