import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanResponse } from '@shared/contracts/plan';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/auth-context';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Home's "Today's plan" (decision 105): the study plan's own key (the calendar's `[plan, userId]`), so a change on /calendar
 * refreshes home too, and a visit to one warms the other.
 */
export const getPlanForHome = () => api<PlanResponse>('/api/plan');

export const todayPlanQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [queryRoots.plan, userId],
    queryFn: getPlanForHome,
    staleTime: 30_000,
    select: (p) => ({
      settings: p.settings,
      today: p.plan?.days.find((d) => d.date === p.today) ?? null,
      examPassed: p.plan?.examPassed ?? false,
      daysLeft: p.plan?.days.length ? p.plan.days.length - 1 : null,
      date: p.today,
      assignments: p.assignments,
    }),
  });

export function useTodayPlan() {
  const { user } = useAuth();
  return useQuery({ ...todayPlanQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
