import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentExamResponse } from '@shared/contracts/exam';
import { api } from '../../../lib/api';
import { examKeys } from './keys';

/** The exam in progress, if any: the start screen offers to continue it. */
export const getCurrentExam = () => api<CurrentExamResponse>('/api/exam/current').then((r) => r.exam);

export const currentExamQueryOptions = () => queryOptions({ queryKey: examKeys.current(), queryFn: getCurrentExam });

export const useCurrentExam = () => useQuery(currentExamQueryOptions());
