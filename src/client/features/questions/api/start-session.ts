import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionSession, StartSessionInput } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { questionKeys } from './keys';

export const startSession = (body: StartSessionInput) =>
  api<{ session: QuestionSession }>('/api/questions/sessions', { json: body }).then((r) => r.session);

/** Starts a session: it goes into the cache (the quiz shows without a second request) and the resume card refreshes. */
export function useStartSession(config: MutationConfig<typeof startSession> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: startSession,
    onSuccess: (session, ...rest) => {
      client.setQueryData(questionKeys.session(session.id), session);
      void client.invalidateQueries({ queryKey: questionKeys.current() });
      return config.onSuccess?.(session, ...rest);
    },
  });
}
