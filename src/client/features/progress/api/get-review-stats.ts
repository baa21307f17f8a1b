import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatsResponse } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

/** The review queue's figures, under the review feature's own key: a review given on /review refreshes them here too. */
export const getReviewStats = () => api<ReviewStatsResponse>('/api/review/stats');

export const reviewStatsQueryOptions = () => queryOptions({ queryKey: [queryRoots.review, 'stats'], queryFn: getReviewStats });

export const useReviewStats = () => useQuery(reviewStatsQueryOptions());
