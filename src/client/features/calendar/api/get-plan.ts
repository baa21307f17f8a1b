import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanResponse } from '@shared/contracts/plan';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/auth-context';
import { planKeys } from './keys';

/** GET /api/plan: the exam date, the plan's days to it, what was done, the student's events and the subscription address. */
export const getPlan = () => api<PlanResponse>('/api/plan');

export const planQueryOptions = (userId: string) => queryOptions({ queryKey: planKeys.mine(userId), queryFn: getPlan, staleTime: 30_000 });

export function usePlan() {
  const { user } = useAuth();
  return useQuery({ ...planQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
