import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadinessValidationResponse } from '@shared/contracts/readiness';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminReadinessKeys } from './readiness-keys';

/** POST /api/admin/readiness/validate: validates every level now and answers the new runs. */
export const runValidation = (): Promise<ReadinessValidationResponse> =>
  api<ReadinessValidationResponse>('/api/admin/readiness/validate', { json: {} });

/** The new runs replace the cached overview; the component's onSuccess runs after. */
export function useRunValidation(config: MutationConfig<typeof runValidation> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: runValidation,
    onSuccess: (data, ...rest) => {
      client.setQueryData(adminReadinessKeys.overview(), data);
      return config.onSuccess?.(data, ...rest);
    },
  });
}
