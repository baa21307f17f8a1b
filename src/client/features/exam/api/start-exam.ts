import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { ExamView, StartExamBody } from '@shared/contracts/exam';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { examKeys } from './keys';

/** `timed: false` is the untimed exam the student may choose instead of the realistic one (decision 104). */
export const startExam = ({ level, timed }: { level: ContentLevel; timed: boolean }) =>
  api<ExamView>('/api/exam', { json: { level, timed } satisfies StartExamBody });

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
