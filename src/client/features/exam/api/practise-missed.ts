import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLASHCARD_CATEGORIES, type ContentLevel, type FlashcardCategory } from '@shared/constants';
import type { QuestionSession, StartSessionInput } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';

/** A practice session holds at most this many topics (the session contract's limit). */
const MAX_TOPICS = 20;

/**
 * "Retake what I missed": a tutor session of 25 practice questions on the topics of the exam's missed items, most missed
 * first. Practice draws from the practice pool only (src/server/domain/items/access.ts), so the exam's reserve items a
 * student missed stay unseen; the practice-pool ones may come back, as in any practice.
 */
export const practiseMissed = ({ level, topics }: { level: ContentLevel; topics: readonly string[] }) => {
  const known = topics.filter((t): t is FlashcardCategory => (FLASHCARD_CATEGORIES as readonly string[]).includes(t));
  const body: StartSessionInput = { level, topics: known.slice(0, MAX_TOPICS), domains: [], count: 25, filter: 'all', mode: 'tutor' };
  return api<{ session: QuestionSession }>('/api/questions/sessions', { json: body }).then((r) => r.session);
};

/** Starts it; the question bank's "continue" card then shows it too. */
export function usePractiseMissed(config: MutationConfig<typeof practiseMissed> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: practiseMissed,
    onSuccess: (session, ...rest) => {
      void client.invalidateQueries({ queryKey: [queryRoots.questions] });
      return config.onSuccess?.(session, ...rest);
    },
  });
}
