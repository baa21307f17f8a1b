import type {
  ReviewAnswerBody,
  ReviewAnswerResponse,
  ReviewQueueResponse,
  ReviewSettingsBody,
  ReviewSettingsResponse,
  ReviewStatsResponse,
} from '@shared/contracts/review';
import { api, ApiError } from '../../lib/api';
import { createOutbox } from '../../lib/outbox';

export const reviewApi = {
  queue: () => api<ReviewQueueResponse>('/api/review/queue'),
  stats: () => api<ReviewStatsResponse>('/api/review/stats'),
  settings: () => api<ReviewSettingsResponse>('/api/review/settings'),
  saveSettings: (body: ReviewSettingsBody) => api<ReviewSettingsResponse>('/api/review/settings', { method: 'PUT', json: body }),
};

type Listener = (sent: ReviewAnswerBody, outcome: { response: ReviewAnswerResponse } | { refused: ApiError }) => void;
const listeners = new Set<Listener>();

/** The review screen learns here what the server made of an answer: a question's feedback and its next state. */
export function onReviewAnswered(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Every review given on /review is kept until the server has it (offline on a train, reloads) and sent one by one in the
 * order given, each with its client id (a retry counts once) and the time it was given (so FSRS counts the real interval).
 */
export const reviewAnswers = createOutbox<ReviewAnswerBody>({
  storageKey: 'review_answer_queue',
  batchSize: 1,
  send: async ([answer]) => {
    try {
      const response = await api<ReviewAnswerResponse>('/api/review/answers', { json: answer });
      listeners.forEach((l) => l(answer!, { response }));
    } catch (e) {
      // a refusal drops the answer (src/client/lib/outbox.ts); the screen says so instead of waiting for feedback
      if (e instanceof ApiError && [400, 403, 404, 409].includes(e.status)) listeners.forEach((l) => l(answer!, { refused: e }));
      throw e;
    }
  },
});
