import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanFeedResponse } from '@shared/contracts/plan';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { planKeys } from './keys';

/** POST /api/plan/feed: a new private subscription address (an older one stops working). */
export const renewFeed = () => api<PlanFeedResponse>('/api/plan/feed', { method: 'POST' });
/** DELETE /api/plan/feed: the address answers 404 from now on. */
export const revokeFeed = (): Promise<void> => api<void>('/api/plan/feed', { method: 'DELETE' });

export function useRenewFeed(config: MutationConfig<typeof renewFeed> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: renewFeed,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: planKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}

export function useRevokeFeed(config: MutationConfig<typeof revokeFeed> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revokeFeed,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: planKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
