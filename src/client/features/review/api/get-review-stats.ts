import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatsResponse } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import { reviewKeys } from './keys';

export const getReviewStats = () => api<ReviewStatsResponse>('/api/review/stats');

export const reviewStatsQueryOptions = () => queryOptions({ queryKey: reviewKeys.stats(), queryFn: getReviewStats, retry: 1 });

export const useReviewStats = () => useQuery(reviewStatsQueryOptions());
