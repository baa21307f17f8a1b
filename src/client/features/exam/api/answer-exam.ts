import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamAnswerBody, ExamView } from '@shared/contracts/exam';
import { api, ApiError, OFFLINE_STATUS } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { examKeys } from './keys';

export const isOffline = (e: unknown) => e instanceof ApiError && e.status === OFFLINE_STATUS;

export const answerExam = (id: string, body: ExamAnswerBody) =>
  api<ExamView>(`/api/exam/${encodeURIComponent(id)}/answers`, { json: body });

/**
 * Submits the answer at a position. A dropped connection sends the same answer (same clientId) again until it arrives; the
 * server's next view replaces the cached one, and an exam that ends refreshes the "in progress" card and the progress page.
 * A 409 (the exam moved on elsewhere, or ended) reads the exam again.
 */
export function useAnswerExam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExamAnswerBody) => answerExam(id, body),
    retry: (count, error) => isOffline(error) && count < 1000,
    retryDelay: 3000,
    onSuccess: (next) => {
      client.setQueryData(examKeys.exam(id), next);
      if (next.status === 'ended') {
        void client.invalidateQueries({ queryKey: examKeys.current() });
        void client.invalidateQueries({ queryKey: [queryRoots.progress] });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: examKeys.exam(id) });
    },
  });
}
