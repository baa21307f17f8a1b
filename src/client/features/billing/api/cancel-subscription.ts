import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResponse } from '@shared/contracts/subscription';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { billingKeys } from './keys';

export const cancelSubscription = (subscriptionId: string) => api<CancelResponse>('/api/subscription/cancel', { json: { subscriptionId } });

/** The component's onSuccess runs first (the message shows at once); the mutation stays pending until billing is read again. */
export function useCancelSubscription(config: MutationConfig<typeof cancelSubscription> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: cancelSubscription,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
