import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanResponse, PlanSettingsBody } from '@shared/contracts/plan';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/auth-context';
import type { MutationConfig } from '../../../lib/react-query';
import { planKeys } from './keys';

/** PUT /api/plan: sets or changes the exam date, level and rest day; answers the new plan. */
export const savePlan = (body: PlanSettingsBody) => api<PlanResponse>('/api/plan', { method: 'PUT', json: body });

/** The answer is the fresh plan: it replaces the cached one before the component's onSuccess runs. */
export function useSavePlan(config: MutationConfig<typeof savePlan> = {}) {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    ...config,
    mutationFn: savePlan,
    onSuccess: async (...args) => {
      client.setQueryData(planKeys.mine(user?.id ?? ''), args[0]);
      await config.onSuccess?.(...args);
    },
  });
}
