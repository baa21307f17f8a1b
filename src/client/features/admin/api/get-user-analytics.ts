import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAnalyticsResponse } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import { adminUserKeys } from './keys';
import { userPath } from './paths';

export const getUserAnalytics = (id: string) => api<UserAnalyticsResponse>(`${userPath(id)}/analytics`);

export const userAnalyticsQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.analytics(id), queryFn: () => getUserAnalytics(id) });

export const useUserAnalytics = (id: string) => useQuery(userAnalyticsQueryOptions(id));
