import type { QuestionAnswer } from '@shared/questions';
import type { AnswerResponse, SubmitAnswerInput } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { createOutbox } from '../../../lib/outbox';

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

export const sendAnswer = async (a: QueuedAnswer) => {
  const { sessionId, ...body } = a;
  return api<AnswerResponse>(`/api/questions/sessions/${encodeURIComponent(sessionId)}/answers`, { json: body });
};

/**
 * Every answer goes through this queue (kept in local storage): a dropped connection or a reload loses
 * nothing, and the quiz moves on without waiting for the network.
 */
export const answerQueue = createOutbox<QueuedAnswer>({
  storageKey: 'question_answer_queue',
  batchSize: 1,
  keyOf: (a) => a.clientId,
  send: async ([a]) => {
    const response = await sendAnswer(a!);
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

/** Whether every answer of this session has reached the server. */
export async function answersDelivered(sessionId: string): Promise<boolean> {
  await answerQueue.flush();
  return queuedAnswers(sessionId).size === 0;
}
