import { useMutation } from '@tanstack/react-query';
import type { QuestionSession } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** A question result opened as a one-item tutor practice (its feedback after the answer, as in any practice). */
export const startOneItem = ({ level, itemKey }: { level: QuestionSession['level']; itemKey: string }) =>
  api<{ session: QuestionSession }>('/api/questions/sessions', {
    json: { level, itemKey, count: 10, mode: 'tutor', filter: 'all' },
  }).then((r) => r.session);

/** Nothing here to invalidate: /questions reads the new session by its id, and its resume card refreshes on its own screen. */
export const useStartOneItem = (config: MutationConfig<typeof startOneItem> = {}) => useMutation({ ...config, mutationFn: startOneItem });
