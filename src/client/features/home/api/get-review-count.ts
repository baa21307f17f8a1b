import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatsResponse } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Today's review count for the Review button (docs/product.md §10.5): due cards and the new ones the daily limit allows, as
 * /review shows them. The review feature's own key, so a review given there refreshes this too.
 */
export const getReviewStats = () => api<ReviewStatsResponse>('/api/review/stats');

export const reviewCountQueryOptions = () =>
  queryOptions({
    queryKey: [queryRoots.review, 'stats'],
    queryFn: getReviewStats,
    select: (s) => s.dueToday + s.newToday,
  });

export const useReviewCount = () => useQuery(reviewCountQueryOptions());
