import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { QuestionOptions } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { questionKeys } from './keys';

export const getQuestionOptions = (level: ContentLevel | null) =>
  api<QuestionOptions>(`/api/questions/options${level ? `?level=${encodeURIComponent(level)}` : ''}`);

/**
 * The setup's choices and counts. The counts (unseen, missed) move with answers given elsewhere too — on /review and in practice
 * exams — so the setup reads them afresh each time it opens.
 */
export const questionOptionsQueryOptions = (level: ContentLevel | null) =>
  queryOptions({ queryKey: questionKeys.options(level), queryFn: () => getQuestionOptions(level), staleTime: 0 });

export const useQuestionOptions = (level: ContentLevel | null) => useQuery(questionOptionsQueryOptions(level));
