import { useMutation } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { QuestionSession } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * A practice session of saved questions (decision 102): all of them at a level (the practice's `saved` filter, 50 at most),
 * or one (`keys`), in tutor mode. The quiz screen loads the session by its id.
 */
export const startSavedPractice = ({ level, key }: { level: ContentLevel; key?: string }) =>
  api<{ session: QuestionSession }>('/api/questions/sessions', {
    json: key ? { level, count: 10, filter: 'all', mode: 'tutor', keys: [key] } : { level, count: 50, filter: 'saved', mode: 'tutor' },
  }).then((r) => r.session);

export function useStartSavedPractice(config: MutationConfig<typeof startSavedPractice> = {}) {
  return useMutation({ ...config, mutationFn: startSavedPractice });
}
