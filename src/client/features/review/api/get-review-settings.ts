import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewSettingsResponse } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import { reviewKeys } from './keys';

export const getReviewSettings = () => api<ReviewSettingsResponse>('/api/review/settings');

export const reviewSettingsQueryOptions = () => queryOptions({ queryKey: reviewKeys.settings(), queryFn: getReviewSettings });

export const useReviewSettings = () => useQuery(reviewSettingsQueryOptions());
