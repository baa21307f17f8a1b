import type {
  ReviewAnswerBody,
  ReviewQueueResponse,
  ReviewSettingsBody,
  ReviewSettingsResponse,
  ReviewStatsResponse,
} from '@shared/contracts/review';
import { api } from '../../lib/api';
import { createOutbox } from '../../lib/outbox';

export const reviewApi = {
  queue: () => api<ReviewQueueResponse>('/api/review/queue'),
  stats: () => api<ReviewStatsResponse>('/api/review/stats'),
  settings: () => api<ReviewSettingsResponse>('/api/review/settings'),
  saveSettings: (body: ReviewSettingsBody) => api<ReviewSettingsResponse>('/api/review/settings', { method: 'PUT', json: body }),
};

/**
 * Every review given on /review is kept until the server has it (offline on a train, reloads) and sent one by one in the
 * order given, each with its client id (a retry counts once) and the time it was given (so FSRS counts the real interval).
 */
export const reviewAnswers = createOutbox<ReviewAnswerBody>({
  storageKey: 'review_answer_queue',
  batchSize: 1,
  send: ([answer]) => api('/api/review/answers', { json: answer }),
});
