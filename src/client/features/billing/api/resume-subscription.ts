import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResumeResponse } from '@shared/contracts/subscription';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { billingKeys } from './keys';

/** Undoes a cancellation at period end: the subscription renews again. */
export const resumeSubscription = (subscriptionId: string) => api<ResumeResponse>('/api/subscription/resume', { json: { subscriptionId } });

/** The component's onSuccess runs first (the message shows at once); the mutation stays pending until billing is read again. */
export function useResumeSubscription(config: MutationConfig<typeof resumeSubscription> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resumeSubscription,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
