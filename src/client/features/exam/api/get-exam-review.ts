import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamReviewResponse } from '@shared/contracts/exam';
import { api } from '../../../lib/api';
import { examKeys } from './keys';

/** The scored items of an ended exam, with the key and every option's rationale. */
export const getExamReview = (id: string) => api<ExamReviewResponse>(`/api/exam/${encodeURIComponent(id)}/review`);

export const examReviewQueryOptions = (id: string) => queryOptions({ queryKey: examKeys.review(id), queryFn: () => getExamReview(id) });

export const useExamReview = (id: string) => useQuery(examReviewQueryOptions(id));
