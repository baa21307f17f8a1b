import { useCallback, useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { QuestionAnswer } from '@shared/questions';
import type { PublicItem, QuestionSession, SessionAnswer } from '@shared/contracts/questions';
import { api, ApiError, OFFLINE_STATUS } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/auth-context';
import { readCache, writeCache } from '../../../lib/cache';
import { answerQueue, onAnswerSent, queuedAnswers } from './answer-queue';
import { questionKeys } from './keys';
import { nowMs } from '../../../lib/clock';

export const getSession = (id: string) =>
  api<{ session: QuestionSession }>(`/api/questions/sessions/${encodeURIComponent(id)}`).then((r) => r.session);

/** Answers still in the queue count as given: a reload in the middle of a quiz shows them answered. */
function withQueued(session: QuestionSession): QuestionSession {
  const queued = queuedAnswers(session.id);
  if (queued.size === 0) return session;
  const answers = { ...session.answers };
  for (const [key, answer] of queued) answers[key] ??= { answer };
  return { ...session, answers };
}

/** How long the device keeps the last practice session for a reload without a connection. */
const KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The practice session the device last showed, if it is `id` (one is kept: the one the student is in). */
export const keptSession = (userId: string, id: string) => {
  const kept = readCache<QuestionSession>(STORAGE_KEYS.practiceSession, userId, KEPT_MS);
  return kept?.id === id ? kept : null;
};
export const keepSession = (userId: string, session: QuestionSession) => writeCache(STORAGE_KEYS.practiceSession, userId, session);

/**
 * The session from the server; without a connection, the copy the device kept as it was last shown (its items, the answers
 * given and their feedback), so that a reload in the middle of a quiz resumes it offline. Answers given offline wait in the
 * outbox and show as given either way.
 */
export const sessionQueryOptions = (id: string, userId: string | null) =>
  queryOptions({
    queryKey: questionKeys.session(id),
    queryFn: async () => {
      try {
        return withQueued(await getSession(id));
      } catch (e) {
        const kept = userId && e instanceof ApiError && e.status === OFFLINE_STATUS ? keptSession(userId, id) : null;
        if (!kept) throw e;
        return withQueued(kept);
      }
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // offline, the kept copy answers at once: no retries before it shows
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });

export function setAnswer(client: QueryClient, sessionId: string, itemKey: string, value: SessionAnswer) {
  client.setQueryData<QuestionSession>(questionKeys.session(sessionId), (s) =>
    s ? { ...s, answers: { ...s.answers, [itemKey]: value } } : s,
  );
}

/** A case set's next item, sent by the server once the one before it is answered, goes in right after that one. */
export function addReached(client: QueryClient, sessionId: string, afterKey: string, next: PublicItem) {
  client.setQueryData<QuestionSession>(questionKeys.session(sessionId), (s) => {
    if (!s || s.items.some((i) => i.key === next.key)) return s;
    const at = s.items.findIndex((i) => i.key === afterKey);
    const items = [...s.items];
    items.splice(at < 0 ? items.length : at + 1, 0, next);
    return { ...s, items };
  });
}

/** A practice session, kept in the query cache; answers the server confirms (with feedback, in tutor mode) land in it. */
export function useSession(id: string) {
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const query = useQuery(sessionQueryOptions(id, userId));
  // every state shown (a new answer, its feedback, a case set's next item) is kept on the device
  useEffect(() => {
    if (userId && query.data) keepSession(userId, query.data);
  }, [userId, query.data]);
  useEffect(
    () =>
      onAnswerSent((sent, response) => {
        if (sent.sessionId !== id) return;
        if (response.next) addReached(client, id, sent.itemKey, response.next);
        if ('feedback' in response)
          setAnswer(client, id, sent.itemKey, { answer: sent.answer, correct: response.correct, feedback: response.feedback });
      }),
    [client, id],
  );
  return query;
}

/** Queues an answer (sent at once when online, later when not) and shows it as given straight away. */
export function useSubmitAnswer() {
  const client = useQueryClient();
  return useCallback(
    (sessionId: string, itemKey: string, answer: QuestionAnswer, shownAt: number) => {
      setAnswer(client, sessionId, itemKey, { answer });
      const timeMs = Math.min(86_400_000, Math.max(0, Math.round(nowMs() - shownAt)));
      answerQueue.add({ sessionId, itemKey, answer, timeMs, clientId: crypto.randomUUID() });
      void answerQueue.flush();
    },
    [client],
  );
}
