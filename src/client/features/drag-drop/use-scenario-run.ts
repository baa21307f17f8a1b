import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  allPlaced,
  placeTherapy,
  removeTherapy,
  revealSchedule,
  scoreScenario,
  shuffle,
  therapiesIn,
  type DragDropScenario,
  type Placement,
  type ScoreResult,
  type Zone,
} from '@shared/drag-drop';

export type Phase = 'placing' | 'revealing' | 'checked';

/** One attempt's state, labelled with the runKey it belongs to. */
interface Attempt {
  runKey: string;
  placements: Placement[];
  phase: Phase;
  result: ScoreResult | null;
  revealOrder: string[];
  revealed: number;
  resultsOpen: boolean;
}
const freshAttempt = (runKey: string): Attempt => ({
  runKey,
  placements: [],
  phase: 'placing',
  result: null,
  revealOrder: [],
  revealed: 0,
  resultsOpen: false,
});

/**
 * One attempt at a scenario: therapies in a shuffled order (the content lists the indicated ones
 * first), placements, and after Check Answers the marks revealed one by one every 150 ms, then the
 * results 500 ms after the last.
 */
export function useScenarioRun(
  scenario: DragDropScenario | undefined,
  runKey: string,
  onChecked: (scenario: DragDropScenario, result: ScoreResult) => void,
) {
  const [stored, setAttempt] = useState<Attempt>(() => freshAttempt(runKey));
  // A new runKey is a new attempt: the state of the previous one is ignored from this render on (no effect resets it).
  const attempt = stored.runKey === runKey ? stored : freshAttempt(runKey);
  const { placements, phase, result, revealOrder, revealed, resultsOpen } = attempt;
  const timers = useRef<number[]>([]);

  const clearTimers = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  /** Changes the attempt of this runKey (starting it afresh if the state still holds an earlier one). */
  const update = useCallback(
    (change: (a: Attempt) => Partial<Attempt>) =>
      setAttempt((prev) => {
        const current = prev.runKey === runKey ? prev : freshAttempt(runKey);
        return { ...current, ...change(current) };
      }),
    [runKey],
  );

  const reset = useCallback(() => {
    clearTimers();
    setAttempt(freshAttempt(runKey));
  }, [runKey]);

  // the reveal timers of an attempt end with it
  useEffect(() => clearTimers, [runKey]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- runKey is the trigger: a new attempt reshuffles the therapies
  const therapies = useMemo(() => (scenario ? shuffle(scenario.therapies) : []), [scenario, runKey]);

  const place = useCallback((key: string, zone: Zone) => update((a) => ({ placements: placeTherapy(a.placements, key, zone) })), [update]);
  const remove = useCallback((key: string) => update((a) => ({ placements: removeTherapy(a.placements, key) })), [update]);
  const setResultsOpen = useCallback((open: boolean) => update(() => ({ resultsOpen: open })), [update]);

  const check = useCallback(() => {
    if (!scenario || phase !== 'placing' || !allPlaced(therapies, placements)) return;
    const scored = scoreScenario(scenario.therapies, placements);
    const order = [...therapiesIn(therapies, placements, 'indicated'), ...therapiesIn(therapies, placements, 'not_indicated')].map(
      (t) => t.therapyKey,
    );
    update(() => ({ result: scored, revealOrder: order, phase: 'revealing' }));
    onChecked(scenario, scored);
    const { markAt, resultsAt } = revealSchedule(order.length);
    clearTimers();
    timers.current = [
      ...markAt.map((ms, i) => window.setTimeout(() => update(() => ({ revealed: i + 1 })), ms)),
      window.setTimeout(() => update(() => ({ phase: 'checked', resultsOpen: true })), resultsAt),
    ];
  }, [scenario, phase, therapies, placements, onChecked, update]);

  const revealedKeys = useMemo(() => new Set(revealOrder.slice(0, revealed)), [revealOrder, revealed]);
  const markOf = (key: string): boolean | null => (result && revealedKeys.has(key) ? (result.marks[key] ?? null) : null);

  return {
    therapies,
    placements,
    phase,
    result,
    resultsOpen,
    setResultsOpen,
    canCheck: phase === 'placing' && allPlaced(therapies, placements),
    place,
    remove,
    check,
    reset,
    markOf,
  };
}
