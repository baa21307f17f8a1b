import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponBody, CouponResponse } from '@shared/contracts/admin-codes';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminCodeKeys } from './keys';
import { codePath } from './paths';

export const createCoupon = (body: CouponBody) => api<CouponResponse>('/api/admin/codes', { json: body }).then((r) => r.code);
export const updateCoupon = (id: string, body: CouponBody) =>
  api<CouponResponse>(codePath(id), { method: 'PUT', json: body }).then((r) => r.code);

/**
 * Saves the coupon form: a new code without `id`, else that code's new values. The component's onSuccess runs first (the
 * dialog closes), then the list is read again in the background.
 */
export function useSaveCoupon(id: string | null, config: MutationConfig<typeof createCoupon> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (body: CouponBody) => (id ? updateCoupon(id, body) : createCoupon(body)),
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: adminCodeKeys.all });
    },
  });
}
