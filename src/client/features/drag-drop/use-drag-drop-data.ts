import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { orderScenarios, type DragDropScenario } from '@shared/drag-drop';
import { loadProgress, localCompleted, readScenarioCache, saveLocalCompleted, writeScenarioCache, dragDropApi } from './api';
import { dragDropKeys } from './keys';

/**
 * The scenarios (cached 60 days on this device, shown at once and refreshed from the server, so a
 * new content version replaces them), the ids completed, and the study order: uncompleted first,
 * then completed, each shuffled. The order is fixed once both have loaded, so finishing a scenario
 * never reshuffles the one in front of the student.
 */
export function useDragDropData(userId: string) {
  const scenarios = useQuery({
    queryKey: dragDropKeys.scenarios(userId),
    queryFn: async () => writeScenarioCache(userId, await dragDropApi.scenarios()),
    initialData: () => readScenarioCache(userId) ?? undefined,
    initialDataUpdatedAt: 0,
  });
  const progress = useQuery({ queryKey: dragDropKeys.progress(userId), queryFn: loadProgress, staleTime: Infinity, retry: false });

  // Derived during render, so the first ordering already knows what the server says is completed.
  const [doneHere, setDoneHere] = useState<ReadonlySet<number>>(() => new Set());
  const completed = useMemo(() => new Set([...(progress.data?.completed ?? []), ...doneHere]), [progress.data, doneHere]);

  const list = scenarios.data?.scenarios;
  const byId = useMemo(() => new Map((list ?? []).map((s) => [s.scenarioId, s])), [list]);
  const [order, setOrder] = useState<number[] | null>(null);
  const [round, setRound] = useState(0);
  const orderedFor = useRef('');
  const completedRef = useRef(completed);
  useLayoutEffect(() => {
    completedRef.current = completed;
  });

  const reorder = useCallback(() => {
    setOrder(orderScenarios([...byId.keys()], completedRef.current));
    setRound((r) => r + 1);
  }, [byId]);

  // Ordered when the list and the progress are both known, and again if the set of scenarios changes.
  useEffect(() => {
    if (!list || !progress.isFetched) return;
    const signature = list.map((s) => s.scenarioId).join(',');
    if (signature === orderedFor.current) return;
    orderedFor.current = signature;
    reorder();
  }, [list, progress.isFetched, reorder]);

  const markCompleted = useCallback((id: number) => {
    setDoneHere((c) => new Set(c).add(id));
    saveLocalCompleted([...localCompleted(), id]);
  }, []);

  const ordered: DragDropScenario[] = useMemo(
    () => (order ?? []).map((id) => byId.get(id)).filter((s): s is DragDropScenario => Boolean(s)),
    [order, byId],
  );
  const completedCount = useMemo(() => [...byId.keys()].filter((id) => completed.has(id)).length, [byId, completed]);

  return {
    status: list ? (order ? 'ready' : 'loading') : scenarios.isError ? 'error' : 'loading',
    /** served from this device because the server could not be reached */
    offline: Boolean(list) && (scenarios.isError || progress.data?.source === 'device'),
    error: scenarios.error,
    retry: () => void scenarios.refetch(),
    retrying: scenarios.isFetching,
    ordered,
    round,
    total: byId.size,
    completedCount,
    isCompleted: (id: number) => completed.has(id),
    markCompleted,
    /** Continue Studying: a fresh order with what is now completed at the end */
    reorder,
  } as const;
}
