import type { ContentLevel } from '@shared/constants';
import type { QuestionAnswer } from '@shared/questions';
import type {
  AnswerResponse,
  QuestionOptions,
  QuestionSession,
  ReportInput,
  SessionResults,
  StartSessionInput,
  SubmitAnswerInput,
} from '@shared/contracts/questions';
import { api } from '../../lib/api';
import { createOutbox } from '../../lib/outbox';

export const questionsApi = {
  options: (level: ContentLevel | null) =>
    api<QuestionOptions>(`/api/questions/options${level ? `?level=${encodeURIComponent(level)}` : ''}`),
  start: (body: StartSessionInput) => api<{ session: QuestionSession }>('/api/questions/sessions', { json: body }).then((r) => r.session),
  current: () => api<{ session: QuestionSession | null }>('/api/questions/sessions/current').then((r) => r.session),
  session: (id: string) => api<{ session: QuestionSession }>(`/api/questions/sessions/${encodeURIComponent(id)}`).then((r) => r.session),
  complete: (id: string) =>
    api<{ results: SessionResults }>(`/api/questions/sessions/${encodeURIComponent(id)}/complete`, { method: 'POST' }).then(
      (r) => r.results,
    ),
  flag: (itemKey: string, flagged: boolean) =>
    api<{ flagged: boolean }>(`/api/questions/flags/${encodeURIComponent(itemKey)}`, { method: 'PUT', json: { flagged } }),
  report: (body: ReportInput) => api<{ ok: true }>('/api/questions/reports', { json: body }),
};

/** An answer waiting for the server: the same clientId on every retry, so the server stores it once. */
export interface QueuedAnswer extends SubmitAnswerInput {
  sessionId: string;
}

type AnswerListener = (sent: QueuedAnswer, response: AnswerResponse) => void;
const answerListeners = new Set<AnswerListener>();

/** The open quiz learns here that the server has an answer (and, in tutor mode, its feedback). */
export function onAnswerSent(listener: AnswerListener): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

/**
 * Every answer goes through this queue (kept in local storage): a dropped connection or a reload loses
 * nothing, and the quiz moves on without waiting for the network.
 */
export const answerQueue = createOutbox<QueuedAnswer>({
  storageKey: 'question_answer_queue',
  batchSize: 1,
  keyOf: (a) => a.clientId,
  send: async ([a]) => {
    const { sessionId, ...body } = a!;
    const response = await api<AnswerResponse>(`/api/questions/sessions/${encodeURIComponent(sessionId)}/answers`, { json: body });
    answerListeners.forEach((l) => l(a!, response));
  },
});

/** Answers of a session still in the queue, by item. */
export function queuedAnswers(sessionId: string): Map<string, QuestionAnswer> {
  return new Map(
    answerQueue
      .peek(500)
      .filter((a) => a.sessionId === sessionId)
      .map((a) => [a.itemKey, a.answer]),
  );
}
