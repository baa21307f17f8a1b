import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSettingsBody, ReviewSettingsResponse } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { reviewKeys } from './keys';

export const saveReviewSettings = (body: ReviewSettingsBody) =>
  api<ReviewSettingsResponse>('/api/review/settings', { method: 'PUT', json: body });

/**
 * Saves the settings: they go into the cache at once, then everything of the review (its queue and figures, which the new
 * settings reschedule) is read again before the component's onSuccess runs.
 */
export function useSaveReviewSettings(config: MutationConfig<typeof saveReviewSettings> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveReviewSettings,
    onSuccess: async (saved, ...rest) => {
      client.setQueryData(reviewKeys.settings(), { settings: saved.settings, availableLevels: saved.availableLevels });
      await client.invalidateQueries({ queryKey: reviewKeys.all });
      await config.onSuccess?.(saved, ...rest);
    },
  });
}
