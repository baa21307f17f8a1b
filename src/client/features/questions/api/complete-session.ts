import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionSession, SessionResults } from '@shared/contracts/questions';
import { api, ApiError, OFFLINE_MESSAGE, OFFLINE_STATUS } from '../../../lib/api';
import { answersDelivered } from './answer-queue';
import { questionKeys } from './keys';
import { nowDate } from '../../../lib/clock';

export const completeSession = (id: string) =>
  api<{ results: SessionResults }>(`/api/questions/sessions/${encodeURIComponent(id)}/complete`, { method: 'POST' }).then((r) => r.results);

/**
 * Ends a session once every queued answer has reached the server (else it fails as offline, and can be tried again): the
 * results go into the cached session, and the setup's counts and resume card refresh.
 */
export function useCompleteSession(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!(await answersDelivered(sessionId))) throw new ApiError(OFFLINE_STATUS, 'NETWORK', OFFLINE_MESSAGE);
      return completeSession(sessionId);
    },
    onSuccess: (results) => {
      client.setQueryData<QuestionSession>(questionKeys.session(sessionId), (s) =>
        s ? { ...s, completedAt: nowDate().toISOString(), results } : s,
      );
      void client.invalidateQueries({ queryKey: [...questionKeys.all, 'options'] });
      void client.invalidateQueries({ queryKey: questionKeys.current() });
    },
  });
}
