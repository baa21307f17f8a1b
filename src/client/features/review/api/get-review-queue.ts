import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { ReviewQueueResponse } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import { writeCache } from '../../../lib/cache';
import { sessionOf } from '../session';
import { reviewKeys } from './keys';
import { reviewAnswers } from './review-answers';

export const getReviewQueue = () => api<ReviewQueueResponse>('/api/review/queue');

/**
 * The day's queue, kept on the phone as soon as it arrives (unless answers are still to send), so the rest of the day works
 * offline. Read once per visit: the screen's own session takes over from there.
 */
export const reviewQueueQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: reviewKeys.queue(),
    queryFn: async () => {
      const q = await getReviewQueue();
      if (reviewAnswers.pending() === 0) writeCache(STORAGE_KEYS.reviewSession, userId, sessionOf(q));
      return q;
    },
    retry: 1,
    staleTime: Infinity,
    gcTime: 0,
  });

export const useReviewQueue = (userId: string) => useQuery(reviewQueueQueryOptions(userId));
