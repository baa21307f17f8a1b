import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { ExamView } from '@shared/contracts/exam';
import { api, ApiError, OFFLINE_STATUS } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/auth-context';
import { readCache, writeCache } from '../../../lib/cache';
import { nowMs } from '../../../lib/clock';
import { examKeys } from './keys';

/** One exam as the server has it: its current question while it runs, its result once ended. */
export const getExam = (id: string) => api<ExamView>(`/api/exam/${encodeURIComponent(id)}`);

/** The exam in progress as last shown, and when it arrived (the device's clock), so its timer can go on from it. */
interface KeptExam {
  view: ExamView;
  receivedAt: number;
}
const KEPT_MS = 8 * 24 * 60 * 60 * 1000;

export const keepExam = (userId: string, view: ExamView, receivedAt: number) =>
  writeCache<KeptExam>(STORAGE_KEYS.examInProgress, userId, { view, receivedAt });

/**
 * The kept copy of exam `id` while it runs, its server clock moved on by the time since it arrived: the timer shows what is
 * left (the server still judges the deadline when the answer arrives).
 */
export function keptExam(userId: string, id: string, now = nowMs()): ExamView | null {
  const kept = readCache<KeptExam>(STORAGE_KEYS.examInProgress, userId, KEPT_MS);
  if (!kept || kept.view.id !== id || kept.view.status !== 'in_progress') return null;
  return { ...kept.view, serverNow: new Date(Date.parse(kept.view.serverNow) + (now - kept.receivedAt)).toISOString() };
}

/**
 * Without a connection, the exam in progress resumes from the copy kept on the device: its current question (never a key),
 * answered as usual; the answer is sent when the connection returns.
 */
export const examQueryOptions = (id: string, userId: string | null) =>
  queryOptions({
    queryKey: examKeys.exam(id),
    queryFn: async () => {
      try {
        return await getExam(id);
      } catch (e) {
        const kept = userId && e instanceof ApiError && e.status === OFFLINE_STATUS ? keptExam(userId, id) : null;
        if (!kept) throw e;
        return kept;
      }
    },
  });

export function useExam(id: string) {
  const userId = useAuth().user?.id ?? null;
  const query = useQuery(examQueryOptions(id, userId));
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (userId && data?.status === 'in_progress') keepExam(userId, data, dataUpdatedAt);
  }, [userId, data, dataUpdatedAt]);
  return query;
}

/** Past the deadline the server ends the exam (after a short grace for answers in flight): read it again every 3 s until then. */
export function useExamEndPolling(id: string, active: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => void client.invalidateQueries({ queryKey: examKeys.exam(id) }), 3000);
    return () => window.clearInterval(timer);
  }, [active, client, id]);
}
