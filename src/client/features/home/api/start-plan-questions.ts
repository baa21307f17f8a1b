import { useMutation } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { QuestionSession } from '@shared/contracts/questions';
import { QUESTION_COUNTS } from '@shared/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * Today's planned questions in one tap: a tutor-mode practice of questions not yet answered in the day's domains, the
 * smallest practice length that holds the day's count. The quiz screen loads the session by its id.
 */
export const startPlanQuestions = ({ level, domains, count }: { level: ContentLevel; domains: string[]; count: number }) =>
  api<{ session: QuestionSession }>('/api/questions/sessions', {
    json: { level, domains, topics: [], count: QUESTION_COUNTS.find((c) => c >= count) ?? 50, filter: 'unseen', mode: 'tutor' },
  }).then((r) => r.session);

export function useStartPlanQuestions(config: MutationConfig<typeof startPlanQuestions> = {}) {
  return useMutation({ ...config, mutationFn: startPlanQuestions });
}
