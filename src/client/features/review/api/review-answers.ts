import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReviewAnswerBody, ReviewAnswerResponse } from '@shared/contracts/review';
import { api, ApiError } from '../../../lib/api';
import { createOutbox } from '../../../lib/outbox';
import { reviewKeys } from './keys';

type Listener = (sent: ReviewAnswerBody, outcome: { response: ReviewAnswerResponse } | { refused: ApiError }) => void;
const listeners = new Set<Listener>();

/** The review screen learns here what the server made of an answer: a question's feedback and its next state. */
export function onReviewAnswered(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const sendReviewAnswer = (answer: ReviewAnswerBody) => api<ReviewAnswerResponse>('/api/review/answers', { json: answer });

/**
 * Every review given on /review is kept until the server has it (offline on a train, reloads) and sent one by one in the
 * order given, each with its client id (a retry counts once) and the time it was given (so FSRS counts the real interval).
 */
export const reviewAnswers = createOutbox<ReviewAnswerBody>({
  storageKey: 'review_answer_queue',
  batchSize: 1,
  send: async ([answer]) => {
    try {
      const response = await sendReviewAnswer(answer!);
      listeners.forEach((l) => l(answer!, { response }));
    } catch (e) {
      // a refusal drops the answer (src/client/lib/outbox.ts); the screen says so instead of waiting for feedback
      if (e instanceof ApiError && [400, 403, 404, 409].includes(e.status)) listeners.forEach((l) => l(answer!, { refused: e }));
      throw e;
    }
  },
});

/** Sends what the queue holds now; the review figures are read again once it is through. */
export function useFlushReviewAnswers() {
  const client = useQueryClient();
  return useCallback(() => void reviewAnswers.flush().then(() => client.invalidateQueries({ queryKey: reviewKeys.stats() })), [client]);
}
