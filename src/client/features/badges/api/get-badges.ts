import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadgesResponse } from '@shared/contracts/badges';
import { api } from '../../../lib/api';
import { badgeKeys } from './keys';

export const getBadges = () => api<BadgesResponse>('/api/badges');

export const badgesQueryOptions = () => queryOptions({ queryKey: badgeKeys.all, queryFn: getBadges });

export const useBadges = () => useQuery(badgesQueryOptions());
