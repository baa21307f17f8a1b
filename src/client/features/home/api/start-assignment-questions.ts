import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyAssignmentView } from '@shared/contracts/assignments';
import type { QuestionSession } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * A class assignment's question set (decision 111): a practice session the server draws from the assignment's choices (the
 * ones sent are replaced by them). The quiz screen loads the session by its id.
 */
export const startAssignmentQuestions = (a: MyAssignmentView) => {
  if (a.spec.kind !== 'questions') throw new Error('not a question set');
  const { domains, topics, count, mode } = a.spec;
  return api<{ session: QuestionSession }>('/api/questions/sessions', {
    json: { level: a.level, domains, topics, count, mode, filter: 'all', assignmentId: a.id },
  }).then((r) => r.session);
};

/** Starts the set, then reads the plan again (the assignment is in progress now). */
export function useStartAssignmentQuestions(config: MutationConfig<typeof startAssignmentQuestions> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: startAssignmentQuestions,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: [queryRoots.plan] });
    },
  });
}
