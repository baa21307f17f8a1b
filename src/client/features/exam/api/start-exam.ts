import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { ExamView, StartExamBody } from '@shared/contracts/exam';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { examKeys } from './keys';

/**
 * `timed: false` is the untimed exam the student may choose instead of the realistic one (decision 104); `assignmentId`, a
 * class assignment's exam (decision 111), whose level and timing the server takes from the assignment.
 */
export const startExam = ({ level, timed, assignmentId }: { level: ContentLevel; timed: boolean; assignmentId?: string }) =>
  api<ExamView>('/api/exam', { json: { level, timed, ...(assignmentId ? { assignmentId } : {}) } satisfies StartExamBody });

/** Starts an exam: its first view goes into the cache (no second request to show it) and the "in progress" card refreshes. */
export function useStartExam(config: MutationConfig<typeof startExam> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: startExam,
    onSuccess: (view, ...rest) => {
      client.setQueryData(examKeys.exam(view.id), view);
      void client.invalidateQueries({ queryKey: examKeys.current() });
      return config.onSuccess?.(view, ...rest);
    },
  });
}
