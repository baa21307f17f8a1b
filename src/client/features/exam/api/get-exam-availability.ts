import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { ExamAvailabilityResponse } from '@shared/contracts/exam';
import { api } from '../../../lib/api';
import { examKeys } from './keys';

/** Whether enough unseen questions are left for a fair exam at this level (told before it starts). */
export const getExamAvailability = (level: ContentLevel) =>
  api<ExamAvailabilityResponse>(`/api/exam/availability?level=${encodeURIComponent(level)}`);

export const examAvailabilityQueryOptions = (level: ContentLevel) =>
  queryOptions({ queryKey: examKeys.availability(level), queryFn: () => getExamAvailability(level) });

export const useExamAvailability = (level: ContentLevel) => useQuery(examAvailabilityQueryOptions(level));
