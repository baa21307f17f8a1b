import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamView } from '@shared/contracts/exam';
import { api } from '../../../lib/api';
import { examKeys } from './keys';

/** One exam as the server has it: its current question while it runs, its result once ended. */
export const getExam = (id: string) => api<ExamView>(`/api/exam/${encodeURIComponent(id)}`);

export const examQueryOptions = (id: string) => queryOptions({ queryKey: examKeys.exam(id), queryFn: () => getExam(id) });

export const useExam = (id: string) => useQuery(examQueryOptions(id));

/** Past the deadline the server ends the exam (after a short grace for answers in flight): read it again every 3 s until then. */
export function useExamEndPolling(id: string, active: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => void client.invalidateQueries({ queryKey: examKeys.exam(id) }), 3000);
    return () => window.clearInterval(timer);
  }, [active, client, id]);
}
